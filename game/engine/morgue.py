"""The end of a run on paper: a morgue file (the heroes, the run, how each died, every room, the
final map), plain text under ``morgue/``, and the high-score list, ``scores.json``: both in the
user data directory."""

from __future__ import annotations

import contextlib
import itertools
import os
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.content import traits
from game.core.file_guard import claim_name
from game.core.outcomes import ending
from game.core.score_table import ScoreEntry, load_scores, write_scores
from game.core.sentences import plural, possessive, tidy
from game.core.staged_files import staged_bytes, sweep_leftovers
from game.engine.morgue_link import STAGED
from game.engine.quests import standing
from game.engine.run_score import score, score_parts
from game.mapgen.floor import render_text
from game.rules.costs import trade_value
from game.world.components import HeroState

if TYPE_CHECKING:
    from game.engine.game import Game


def first_rooms_cleared(game: Game) -> int:
    """Rooms cleared that are a floor's first room: no Hallway builds those, so they are counted
    cleared but never entered ("1 entered, 2 cleared" needs saying why)."""
    floors = game.dungeon.floors
    return sum(1 for f, x, y in game.stats.cleared_rooms if f in floors and floors[f].entrance == (x, y))


def first_rooms_words(game: Game) -> str:
    """' (1 a floor's first room, which no Hallway builds)' when the cleared count holds any."""
    n = first_rooms_cleared(game)
    if not n:
        return ""
    return f" ({n} a floor's first room, which no Hallway builds)" if n == 1 else \
        f" ({n} of them floors' first rooms, which no Hallway builds)"


def every_hero(game: Game) -> list[tuple[int, HeroState]]:
    """Every hero of the run in seat order, a seat's fallen before the hero that took its place:
    the fallen stay in the world, and a morgue names them all, not only each seat's last."""
    return sorted(game.world.get(HeroState), key=lambda pair: (pair[1].seat, pair[0]))


def morgue_text(game: Game, hide_seed: bool = False) -> str:
    s = game.stats
    lines = [
        "Masterless - morgue file",
        f"Seed: {'(hidden)' if hide_seed else game.seed}    Theme: {game.dials.theme}    Turns: {game.turn}",
        f"The party {ending(game.outcome).morgue}. Score: {score(game)} ({score_parts(game).words()})",
        f"Deepest floor: {s.deepest_floor}   Rooms entered: {s.rooms_entered}   Rooms cleared: {s.rooms_cleared}"
        f"{first_rooms_words(game)}",
        f"Monsters killed: {s.monsters_killed}   Traps found: {s.traps_found}   Traps sprung: {s.traps_sprung}",
        f"Treasure taken (points): {s.treasure_found}   Hero deaths: {s.deaths}",
    ]
    if game.quest is not None:
        lines.append(f"Quest: {game.quest.name} ({standing(game)})")
    lines += ["", "Seats:"]
    kinds = {"human": "a player", "ai": "an AI designer", "ai+hero": "an AI with a hero"}
    # "Warden (AI), an AI designer", not "Warden (AI) (ai)"
    lines += [f"  {seat.index + 1}. {seat.name}, {kinds.get(seat.kind, seat.kind)}" for seat in game.seats]
    lines += ["", "Heroes:"]
    for eid, hero in every_hero(game):
        fate = f"slain by {hero.cause_of_death}" if hero.hits <= 0 else f"{plural(hero.hits, 'Hit')} left"
        held = ", ".join(traits().describe(hero.traits))  # "very violent", not "violent, violent"
        lines.append(f"  {game.name(eid)}, {possessive(game.seats[hero.seat].name)} hero, Level {hero.level} "
                     f"{hero.race} {hero.klass} "
                     f"({held}), {hero.xp} XP, {plural(hero.kills, 'kill')} - {fate}")
        for _, item in game.pack(eid):
            lines.append(f"      carrying {item.spec.name or 'an item'} "
                         f"(cost {item.cost}, trades for {trade_value(item.spec)})")
    lines += ["", "Dials:"] + [f"  {d}" for d in game.dials.describe()]
    lines += ["", "Rooms:"] + [f"  {tidy(r)}" for r in s.rooms]
    lines += ["", "Last words of the log:"] + [f"  [{line.turn}] {tidy(line.text)}" for line in game.log[-25:]]
    lines += ["", f"Map of Floor {game.dungeon.floor_no} as the party knew it (@ is where it came onto the floor, "
                  "not where anyone stands):"]
    rows = [row.rstrip() for row in render_text(game.floor, explored_only=True).splitlines() if row.strip()]
    margin = min((len(row) - len(row.lstrip(" ")) for row in rows), default=0)  # the floor's unknown west
    lines += [row[margin:] for row in rows]
    return "\n".join(lines) + "\n"


def morgue_name(game: Game) -> str:
    """The run's morgue file's name: its seed and its last turn."""
    return f"morgue-{game.seed}-t{game.turn}.txt"


def write_morgue(game: Game, directory: Path, hide_seed: bool = False) -> Path:
    """The run's morgue file in `directory`, under a name no earlier morgue (or its recording)
    has: two runs on one seed that end on the same turn are ``morgue-7-t412.txt`` and
    ``morgue-7-t412-2.txt``; the second never writes over the first. It is written to a temp file
    held locked until it has its name (`staged_bytes`): one a killed game left is swept at the
    next end of a run, never one another copy of the game is writing."""
    directory.mkdir(parents=True, exist_ok=True)
    sweep_leftovers(directory, STAGED)
    written = Path(morgue_name(game))

    def name(n: int) -> Path:
        return directory / (written.stem + ("" if n == 1 else f"-{n}") + written.suffix)

    staged, fd = staged_bytes(morgue_text(game, hide_seed).encode("utf-8"), directory, STAGED)
    try:
        first = next(n for n in itertools.count(1)
                     if not name(n).exists() and not name(n).with_suffix(".mlrec").exists())
        kept = claim_name(staged, lambda k: name(first + k - 1))
    except OSError:
        with contextlib.suppress(OSError):
            staged.unlink()
        raise
    finally:
        os.close(fd)
    if kept is None:
        with contextlib.suppress(OSError):
            staged.unlink()
        raise OSError(f"could not move the morgue file into {directory}")
    return kept


def add_score(game: Game, path: Path, keep: int = 50) -> tuple[int, list[ScoreEntry]]:
    """Add this run; returns its rank (1-based) and the new list, best first."""
    entry = ScoreEntry(score(game), game.seed, game.outcome or "unfinished", game.stats.deepest_floor,
                       game.stats.rooms_entered, game.turn,
                       ", ".join(game.name(e) for e, _ in game.heroes(living=False)))
    entries = load_scores(path) + [entry]
    entries.sort(key=lambda e: (-e.score, -e.floor, -e.rooms, e.turns, e.seed))
    entries = entries[:keep]
    write_scores(path, entries)
    rank = entries.index(entry) + 1 if entry in entries else len(entries) + 1
    return rank, entries

