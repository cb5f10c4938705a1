"""Whole runs played by the AI (the CLI's autoplay): within a run, room titles and the lines of
traps and treasure do not come back (issue 14: titles in at most 5 % of rooms, lines in at most 10 %).

Run as a script to measure many seeds the same way (from the repository's root):
    PYTHONPATH=. .venv/bin/python tests/designers/test_words_in_play.py 10001 11000 [--mix]
(--mix: each seed in a tone and theme of its own; without it, the default dials)."""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Iterable

import game.designers.room_design as room_design
from game.agents.autoplay import autoplay
from game.core.dials import SERIOUSNESS, THEMES, Dials
from game.designers.naming import place_words, vocabulary
from game.designers.records import RoomDesign

SEEDS = range(9001, 9025)
Run = tuple[str, tuple[RoomDesign, ...]]  # the theme and the rooms designed, in order


def pattern(line: str, name: str, host: str, theme: str) -> str:
    """A line with what changes from room to room taken out: the item's name and its place."""
    places = vocabulary().places
    where = places.get(host, places["default"]).format(host=place_words(theme, host))
    line = line.replace(where, "{where}")
    return re.sub(r"\b[Aa]n? " + re.escape(name), "{name}", line).replace(name, "{name}")


@functools.cache
def _closings() -> tuple[str, ...]:
    """Every closing sentence there is, longest first."""
    vocab = vocabulary()
    found = {s for tone in vocab.lines.values() for k in ("trap_close", "treasure_close") for s in tone[k]}
    found |= {s for theme in vocab.asides.values() for k in ("trap_close", "treasure_close") for s in theme[k]}
    return tuple(sorted(found, key=len, reverse=True))


def halves(line_pattern: str) -> tuple[str, str]:
    """The opening and the closing sentence of a line's pattern."""
    closing = next((c for c in _closings() if line_pattern.endswith(" " + c)), "")
    return line_pattern[: len(line_pattern) - len(closing)].rstrip(), closing


def play(seed: int, dials: Dials, max_turns: int = 5000) -> Run:
    """One autoplay run, with the rooms its designers built."""
    designed: list[RoomDesign] = []
    original = room_design.design_room

    def spy(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - design_room's own signature
        designed.append(original(*args, **kwargs))
        return designed[-1]

    room_design.design_room = spy
    try:
        autoplay(seed, "ai+hero,ai+hero,ai", 2, dials, max_turns=max_turns)
    finally:
        room_design.design_room = original
    return dials.theme, tuple(designed)


def mixed(seed: int) -> Dials:
    return Dials(seriousness=seed % len(SERIOUSNESS) + 1, theme=THEMES[seed % len(THEMES)])


def repeat_rates(runs: Iterable[Run]) -> dict[str, float]:
    """Shares of rooms that repeat, within their run, a title, a whole trap or treasure line, or
    (a finer look) one of the line's two sentences."""
    counts = {"rooms": 0, "title": 0, "line": 0, "opening sentence": 0, "closing sentence": 0}
    for theme, designs in runs:
        seen: dict[str, set[str]] = {k: set() for k in counts}
        for d in designs:
            counts["rooms"] += 1
            these = {"title": [d.title]}
            lines = [pattern(p.description, p.trap.name, p.spot.host, theme) for p in d.traps]
            lines += [pattern(p.description, p.item.name, p.spot.host if p.spot else "open", theme)
                      for p in d.treasure]
            these["line"] = lines
            these["opening sentence"] = [halves(x)[0] for x in lines]
            these["closing sentence"] = [halves(x)[1] for x in lines if halves(x)[1]]
            for key, texts in these.items():
                counts[key] += any(t in seen[key] for t in texts)
                seen[key].update(texts)
    rooms = max(counts["rooms"], 1)
    return {"rooms": counts["rooms"], **{k: v / rooms for k, v in counts.items() if k != "rooms"}}


@functools.cache
def runs() -> tuple[Run, ...]:
    """Two dozen runs, each in a tone and theme of its own."""
    return tuple(play(seed, mixed(seed), max_turns=1500) for seed in SEEDS)


def test_titles_and_lines_do_not_repeat_within_a_run():
    rates = repeat_rates(runs())
    assert rates["rooms"] >= 150  # enough rooms to say something
    assert rates["title"] <= 0.05
    assert rates["line"] <= 0.10


def test_the_pattern_of_a_line_hides_only_the_name_and_the_place():
    line = pattern("An Oiled Pit waits in the pile of old bones. Old work, still sound.", "Oiled Pit", "debris",
                   "catacombs")
    assert line == "{name} waits {where}. Old work, still sound."
    assert halves(line) == ("{name} waits {where}.", "Old work, still sound.")


if __name__ == "__main__":
    first, last = int(sys.argv[1]), int(sys.argv[2])
    rates = repeat_rates(play(s, mixed(s) if "--mix" in sys.argv else Dials()) for s in range(first, last + 1))
    print(json.dumps({"seeds": [first, last], "mix": "--mix" in sys.argv, **rates}))
