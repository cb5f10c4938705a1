"""Whole runs played by the AI (the CLI's autoplay): within a run, room titles and the lines of
traps and treasure do not come back (issue 14: titles in at most 5 % of rooms, lines in at most 10 %)."""

from __future__ import annotations

import functools
import re

import game.designers.room_design as room_design
from game.agents.autoplay import autoplay
from game.core.dials import SERIOUSNESS, THEMES, Dials
from game.designers.naming import place_words, vocabulary
from game.designers.records import RoomDesign

SEEDS = range(9001, 9025)


def pattern(line: str, name: str, host: str, theme: str) -> str:
    """A line with what changes from room to room taken out: the item's name and its place."""
    places = vocabulary().places
    where = places.get(host, places["default"]).format(host=place_words(theme, host))
    line = line.replace(where, "{where}")
    return re.sub(r"\b[Aa]n? " + re.escape(name), "{name}", line).replace(name, "{name}")


@functools.cache
def runs() -> tuple[tuple[str, tuple[RoomDesign, ...]], ...]:
    """Two dozen runs, each in a tone and theme of its own, with the rooms designed in each."""
    out = []
    original = room_design.design_room
    for seed in SEEDS:
        theme = THEMES[seed % len(THEMES)]
        dials = Dials(seriousness=seed % len(SERIOUSNESS) + 1, theme=theme)
        designed: list[RoomDesign] = []

        def spy(*args, designed=designed, **kwargs):  # noqa: ANN002, ANN003, ANN202 - design_room's own
            designed.append(original(*args, **kwargs))
            return designed[-1]

        room_design.design_room = spy
        try:
            autoplay(seed, "ai+hero,ai+hero,ai", 2, dials, max_turns=2500)
        finally:
            room_design.design_room = original
        out.append((theme, tuple(designed)))
    return tuple(out)


def repeat_rates() -> tuple[float, float, int]:
    rooms = titles_again = lines_again = 0
    for theme, designs in runs():
        titles: set[str] = set()
        lines: set[str] = set()
        for d in designs:
            rooms += 1
            titles_again += d.title in titles
            titles.add(d.title)
            these = [pattern(p.description, p.trap.name, p.spot.host, theme) for p in d.traps]
            these += [pattern(p.description, p.item.name, p.spot.host if p.spot else "open", theme)
                      for p in d.treasure]
            lines_again += any(line in lines for line in these)
            lines.update(these)
    return titles_again / rooms, lines_again / rooms, rooms


def test_titles_and_lines_do_not_repeat_within_a_run():
    titles, lines, rooms = repeat_rates()
    assert rooms >= 150  # enough rooms to say something
    assert titles <= 0.05
    assert lines <= 0.10


def test_the_pattern_of_a_line_hides_only_the_name_and_the_place():
    assert pattern("An Oiled Pit waits in the pile of old bones. Old work.", "Oiled Pit", "debris",
                   "catacombs") == "{name} waits {where}. Old work."
