"""The sidebar beside the map: every hero (name, Level, Hits bar, XP to the next Level, effects,
story points), then the party's light, the floor and room, the quest, keys and levers, the turn
and the seed (unless the hide-seed option is on). Text first, colour second: every value is
written out, so a screen reader or a colour-blind player loses nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcod.console

from game.engine.light import light_kind
from game.engine.quests import steps_done
from game.rules.heroes import max_hits
from game.rules.party import level_for_xp, xp_to_be
from game.ui import draw
from game.ui.fit import elide, first_fitting
from game.ui.palette import Palette
from game.world.components import Effects, HeroState
from game.world.fov import LANTERN_RADIUS

if TYPE_CHECKING:
    from game.engine.game import Game


def hits_colour(hits: int, most: int, palette: Palette) -> tuple[int, int, int]:
    if hits * 3 <= most:
        return palette["bad"]
    if hits * 3 <= most * 2:
        return palette["warning"]
    return palette["good"]


def hero_lines_needed(game: Game, width: int, compact: bool, effects: bool = True) -> int:
    """Rows the heroes take: a fallen one 2, a living one 4 (3 compact: no XP row), and a row more
    for what holds or hurts it when `effects` are shown."""
    return sum(2 if hero.hits <= 0 else (3 if compact else 4) + (1 if effects and _effects_text(game, eid) else 0)
               for eid, hero in game.heroes(living=False) if _shown(game, eid))


def _shown(game: Game, eid: int) -> bool:
    hero = game.world.comp(eid, HeroState)
    return hero.hits > 0 or game.party.hero_of.get(hero.seat) == eid


def _effects_text(game: Game, eid: int) -> str:
    return "; ".join(_effect_parts(game, eid))


def _effect_parts(game: Game, eid: int) -> list[str]:
    """What holds or hurts the hero, a hold first (it stops the hero acting); a monster is named
    short, without its title or the ability ("Hagra" for "Hagra, Bane of Heroes' numbing, choking
    cloud"): the sidebar is narrow, and the log has the full name."""
    effects = game.world.try_comp(eid, Effects)
    if effects is None:
        return []
    parts = []
    for e in sorted(effects.active, key=lambda e: not e.hold):
        source = e.holder or e.source.split(",")[0]
        parts.append(f"held by {source}" if e.hold else f"{e.type or 'hurt'} from {source}")
    return parts


def _first_effect_first(parts: list[str]) -> list[str]:
    """The hero's effects as one text, longest first: all of them, then the first and how many more."""
    if len(parts) == 1:
        return parts
    more = len(parts) - 1
    return ["; ".join(parts), f"{parts[0]} (+{more} more)", f"{parts[0]} +{more}", parts[0]]


def light_text(game: Game, width: int) -> str:
    """What lights the party's way: the lantern's oil, or the burning torch's rounds and the
    torches still to light; with the light dial off, that nothing burning sets its sight (a
    lantern counting down, or "none!" once all is burnt, read as if it did)."""
    if not game.dials.light:
        return first_fitting(width, f"dial off: sight {LANTERN_RADIUS} tiles", f"dial off: sees {LANTERN_RADIUS}",
                             "dial off")
    kind = light_kind(game)
    if kind == "lantern":
        return f"lantern {game.time.oil} oil"
    if kind == "torch":  # "+3" alone read like a bonus: the torches still to light are called that
        left, spare = game.time.torch_left, game.time.torches
        if spare == 0:
            return first_fitting(width, f"last torch {left}", f"torch {left}")
        return first_fitting(width, f"torch {left} +{spare} more", f"torch {left} +{spare}")
    return "none!"


def counters_text(keys: int, levers: int, picks: int, food: int, width: int) -> str:
    """The floor's keys and levers, the party's lock picks (a failed Locks test snaps one, and
    without one a lock cannot be tried) and its food: tighter spacing first, then the counters at
    0 go; the food stays."""
    full = (f"Keys {keys}", f"Levers {levers}", f"Picks {picks}", f"Food {food}")
    held = [part for part, n in zip(full, (keys, levers, picks, 1), strict=True) if n]
    return first_fitting(width, "  ".join(full), " ".join(full), "  ".join(held), " ".join(held),
                         f"K{keys} L{levers} P{picks} Food {food}")


def turn_text(turn: int, seed: int | None, width: int) -> str:
    """The turn and (unless hidden: None) the seed, which a player reads out to race a friend."""
    if seed is None:
        return f"Turn {turn}"
    return first_fitting(width, f"Turn {turn}  Seed {seed}", f"Turn {turn} Seed {seed}", f"T{turn} Seed {seed}",
                         f"Seed {seed}")


def room_title(game: Game, x: int, y: int, titles: dict[tuple[int, tuple[int, int]], str]) -> str:
    record = game.floor.room_at(x, y)
    if record is None or record.plan is None:
        return "between rooms"
    title = titles.get((game.dungeon.floor_no, record.cell))
    if title:
        return title
    name = record.plan.name or "room"
    return name[0].upper() + name[1:]


def draw_sidebar(console: tcod.console.Console, game: Game, rect: tuple[int, int, int, int], palette: Palette,
                 *, active: int | None, here: tuple[int, int] | None, hide_seed: bool,
                 titles: dict[tuple[int, tuple[int, int]], str]) -> None:
    x, y, w, h = rect
    if w <= 2 or h <= 0:
        return
    draw.fill(console, x, y, w, h, palette["panel_bg"], fg=palette["text"])
    ix, iw = x + 1, w - 2
    bottom = y + h
    row = y

    def put(string: str, fg: tuple[int, int, int], dx: int = 0) -> None:
        nonlocal row
        if row < bottom:
            draw.text(console, ix + dx, row, string, fg, width=iw - dx)
        row += 1

    info_rows = 5 + (1 if game.quest is not None else 0)  # light, floor, room, quest, keys, turn
    heroes = [(eid, hero) for eid, hero in game.heroes(living=False) if _shown(game, eid)]
    compact = hero_lines_needed(game, w, False) + info_rows > h
    # compact, what holds or hurts a hero keeps its row while they fit (a held hero cannot act)
    effects_shown = not compact or hero_lines_needed(game, w, True) + info_rows <= h
    for eid, hero in heroes:
        if row >= bottom:
            break
        seat = hero.seat
        colour = palette.seat(seat)
        marker = ">" if eid == active else " "
        draw.text(console, ix, row, marker, palette["text_bright"])
        draw.text(console, ix + 1, row, "@", colour)
        name = game.name(eid)
        name_fg = palette["text_bright"] if hero.hits > 0 else palette["disabled"]
        draw.text(console, ix + 3, row, elide(name, iw - 3), name_fg, width=iw - 3)
        row += 1
        if hero.hits <= 0:
            # whole words ("fallen: Accursed..." not "fallen: Accursed Homun"); c has it whole
            put("  " + elide(f"fallen: {hero.cause_of_death or 'dead'}", iw - 2), palette["bad"])
            continue
        # "L2 troglodyte barbarian" is wider than an 80-column sidebar: the class stays, the sheet has the race;
        # compact, the story points share the row and the race gives way to them first
        full, short = f"  L{hero.level} {hero.race} {hero.klass}", f"  L{hero.level} {hero.klass}"
        story = f"  story {hero.story_points}"
        shown = (full + story, short + story, full, short) if compact else (full, short)
        due = level_for_xp(hero.xp, hero.level)  # several levels at once are possible
        if compact and due > hero.level:  # no XP row: the Level earned takes the race's and class's place
            shown = (f"  L{hero.level} (L{due} due){story}", f"  L{hero.level} (L{due} due)")
        parts = [] if effects_shown else _effect_parts(game, eid)
        if parts:  # no row of its own: it takes the race's and class's place ("L2 held by Xol...")
            shorter = _first_effect_first(parts)
            level = first_fitting(iw - 2, *(f"L{hero.level} {text}" for text in shorter))
            if due > hero.level:  # the Level earned too: the effects give way, not the Level due
                level = first_fitting(iw - 2, f"L{hero.level} (L{due} due) {shorter[0]}",
                                      *(f"L{due} due, {text}" for text in shorter))
            put("  " + elide(level, iw - 2), palette["warning"])
        else:
            put(first_fitting(iw, *shown), palette["good"] if compact and due > hero.level else palette["text"])
        most = max_hits(hero.level)
        hits_text = f"{hero.hits}/{most}"
        bar_w = max(3, min(12, iw - 8 - len(hits_text)))
        filled = max(0, min(bar_w, round(bar_w * hero.hits / most))) if most else 0
        if row < bottom:
            draw.text(console, ix, row, "  Hits ", palette["text_dim"])
            bx = ix + 7
            colour = hits_colour(hero.hits, most, palette)
            # "=" for each Hit left and "-" for each lost, as the hero sheet draws it: readable
            # without colour too
            draw.text(console, bx, row, "=" * filled, colour)
            draw.text(console, bx + filled, row, "-" * (bar_w - filled), palette["text_dim"])
            draw.text(console, bx + bar_w + 1, row, hits_text, colour,
                      width=max(0, ix + iw - (bx + bar_w + 1)))
        row += 1
        if not compact:
            need = xp_to_be(hero.level + 1)
            story = f"  story {hero.story_points}"
            if due > hero.level:
                choices, xp_fg = (f"  XP {hero.xp} L{due} due", f"  XP {hero.xp} L{due}!"), \
                    palette["good"]
            else:
                choices, xp_fg = (f"  XP {hero.xp}/{need} for L{hero.level + 1}", f"  XP {hero.xp}/{need}"), \
                    palette["text"]
            xp_text = next((c for c in choices if len(c + story) <= iw), choices[-1])
            put(xp_text + story, xp_fg)
        effects = _effects_text(game, eid) if effects_shown else ""
        if effects:
            put("  " + elide(effects, iw - 2), palette["warning"])
    if row + 1 + info_rows <= bottom:
        row += 1
    light_fg = palette["warning"] if game.dials.light and game.time.oil <= 0 else palette["text"]
    put(f"Light {light_text(game, iw - len('Light '))}", light_fg)
    put(f"Floor {game.dungeon.floor_no}" + ("  (heading home)" if game.party.returning else ""), palette["accent"])
    if here is not None:
        title_lines = draw.wrap(room_title(game, here[0], here[1], titles), iw - 1)
        spare = bottom - row - (info_rows - 3)  # rows left once the quest, keys and turn have theirs
        for part in title_lines[: max(1, min(2, spare))]:
            put(part, palette["text"], 1)
    if game.quest is not None:
        done, of = steps_done(game, game.quest)
        fg = palette["good"] if done >= of else palette["text"]
        count = f" {done}/{of}"
        name = game.quest.name
        room_for_name = iw - len("Quest  ") - len(count)
        if len(name) <= room_for_name:
            put(f"Quest  {name}{count}", fg)
        elif bottom - row > info_rows - 3:  # a row to spare: the name whole (or elided) on its own
            put(f"Quest{count}", fg)
            put(elide(name, iw - 1), fg, 1)
        else:
            put(f"Quest  {elide(name, room_for_name)}{count}", fg)  # "The Kobold..." not "The Kobold C."
    put(counters_text(game.dungeon.keys, game.dungeon.levers, game.time.picks, game.time.rations, iw),
        palette["warning"] if game.time.rations <= len(game.heroes()) else palette["text"])
    put(turn_text(game.turn, None if hide_seed else game.seed, iw), palette["text_dim"])
