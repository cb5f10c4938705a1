"""`KeptAnswers` gives `make(key)` and keeps no more answers than its limit."""

from __future__ import annotations

from game.core.kept import KeptAnswers


def test_an_answer_is_worked_out_once_and_the_kept_ones_stay_bounded():
    asked = []

    def square(n: int) -> int:
        asked.append(n)
        return n * n

    kept = KeptAnswers(square, 3)
    assert [kept[n] for n in (2, 2, 3, 4, 5, 5)] == [4, 4, 9, 16, 25, 25]
    assert asked == [2, 3, 4, 5, 5]  # 5 came past the limit: worked out each time, not kept
    assert len(kept) == 3
