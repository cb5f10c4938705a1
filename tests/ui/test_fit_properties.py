"""Properties of the text fitting every screen uses (`game.ui.fit`, `draw.wrap`), over any words
and any width: nothing drawn is wider than its place, text that fits is left alone, and a cut
falls between words (inside one only when a single word is wider than the whole place)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.ui import draw
from game.ui.fit import ELLIPSIS, elide, elide_list, fit_rows

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',-:", min_size=1,
               max_size=14)
WORDS = st.lists(WORD, min_size=1, max_size=12)
WIDTH = st.integers(min_value=0, max_value=60)


@given(WORDS, WIDTH)
def test_elide_fits_its_place_and_cuts_between_words(words: list[str], width: int) -> None:
    text = " ".join(words)
    out = elide(text, width)
    assert len(out) <= max(0, width)
    if len(text) <= width:
        assert out == text
        return
    if width <= len(ELLIPSIS) or ELLIPSIS not in out:
        return  # no room even for the dots: the text's own first cells
    head, _, tail = out.partition(ELLIPSIS)
    whole = [w for w in (head.split() + tail.split())]
    if all(w in words for w in whole):  # whole words from the start and the end, in order
        assert text.startswith(head.rstrip()) and text.endswith(tail.lstrip())
    else:  # one word wider than half the place: its two ends around the dots
        assert text.startswith(head) and text.endswith(tail)
        assert len(out) == width


@given(WORDS, WIDTH)
def test_elide_keeps_at_least_half_its_place(words: list[str], width: int) -> None:
    """Never a stub ("A..." in 30 cells) when the text is longer than its place."""
    text = " ".join(words)
    if len(text) > width > len(ELLIPSIS):
        assert len(elide(text, width)) >= width // 2


@given(st.lists(WORD, min_size=1, max_size=6), WIDTH)
def test_a_list_of_names_keeps_whole_names_from_the_first(names: list[str], width: int) -> None:
    out = elide_list(names, width)
    assert len(out) <= max(0, width)
    if out.endswith(", " + ELLIPSIS):
        kept = out[: -len(", " + ELLIPSIS)].split(", ")
        assert kept == names[: len(kept)]


@given(WORDS, st.integers(min_value=1, max_value=60), st.integers(min_value=0, max_value=6))
def test_rows_fit_their_width_and_count_and_keep_the_words_in_order(words: list[str], width: int,
                                                                      rows: int) -> None:
    text = " ".join(words)
    out = fit_rows(text, width, rows)
    assert len(out) <= rows and all(len(row) <= width for row in out)
    if rows and len(text) <= width:
        assert out == [text]


@given(st.lists(st.lists(WORD, max_size=8).map(" ".join), min_size=1, max_size=4).map("\n".join),
       st.integers(min_value=-3, max_value=60))
def test_wrap_keeps_every_paragraph_and_no_line_is_too_wide(text: str, width: int) -> None:
    lines = draw.wrap(text, width)
    assert all(len(line) <= max(1, width) for line in lines)
    assert len(lines) >= text.count("\n") + 1  # a blank paragraph is a blank line, not lost
    assert "".join("".join(lines).split()) == "".join(text.split())  # every character, in order
