"""The roll panel: a roll event as dice on the table. One row per pool, its dice highest first,
so the dice of the same rank stand in one column; in a painful conflict the die that won each
rank is marked (a tie marks nobody: nobody deals damage there); in an annoying conflict the
kept (highest) die of each pool stands out and each resister's row says whether it passed (not
"holds", which beside a door or a lock read as the obstacle holding). A seat's Thwack-O die is
drawn in that seat's colour with its mark before it, and the title names the seat that narrates
the event.

Each die takes DIE_W cells: the Thwack-O mark, the face (two cells, for d10 to d20), the
winner mark; then a gap. Marks are glyphs of the set (ASCII or Unicode); without colour, reverse
marks the dice that counted (a rank's winner, a pool's kept die) and a Thwack-O die's face is bold.

Names take what the dice leave of the width, whole where they fit, elided in the middle where
they do not. Dice that do not fit are counted ("+5"), marked as a winner's when one of their
ranks was won. A pool that won ranks but had no one in reach (a monster drawn into the fight by a
hero's bow, two tiles from anyone it could hit; or one whose only foe fell earlier in the turn)
says so on its row: its wins hurt nobody; so does one that was already fleeing (it strikes no
one). A creature that fell during the fight has its later dice dimmed and says that they counted
0. The engine records which pools those were as it rolls: the panel does not guess them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcod.console

from game.core.sentences import capitalised
from game.rules.monster_morale import morale_mark
from game.ui import draw
from game.ui.fit import ELLIPSIS, elide, first_fitting
from game.ui.glyphs import Glyphs
from game.ui.palette import RGB, Palette
from game.world.components import MonsterState

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.engine.log import RollRecord

DIE_W = 4
GAP = 1
NO_ONE = "no one in reach"
FLEEING = "flees: no harm"  # a fleeing monster strikes no one: its won ranks hurt nobody
CHECK_WORDS = ("holds", "rallies", "flees")  # a morale check's result, as its title says it
PASSES, FAILS = " passes", " fails"  # a resister's row in an annoying conflict
FELL = " fell"  # a creature at 0 Hits dies at once: its later dice (dimmed) count for nothing
MORE_W = 3  # "+N": how many dice did not fit


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def record_height(record: RollRecord) -> int:
    return 1 + len(record.pools)


def title_of(game: Game, record: RollRecord, width: int | None = None) -> str:
    """The event's title and its facts (kind, turn, narrator), all of them when they fit in `width`;
    else the narrator goes first (the title is drawn in its seat's colour, which says it too), then
    the turn, and the kind stays: whether a roll was all or nothing (annoying) or rank by rank
    (painful) says how to read its dice, where "(turn 124, told by Warden (AI))" did not."""
    kind = {"pain": "painful", "check": "a d20 check"}.get(record.kind, "annoying")
    told = []
    if 0 <= record.narrator < len(game.seats):
        told = [f"told by {game.seats[record.narrator].name}"]
    title = capitalised(record.title)
    fuller = [_with_facts(title, ", ".join(facts))
              for facts in ([kind, f"turn {record.turn}", *told], [kind, f"turn {record.turn}"], [kind])]
    if width is None:
        return fuller[0]
    fitting = first_fitting(width, *fuller)
    if len(fitting) <= width:
        return fitting
    tail = _with_facts("", kind)  # the title cut, keeping its first word and what it owns
    return fit_name(title, width - len(tail)) + tail if width - len(tail) >= 8 else elide(fitting, width)


def fit_name(text: str, width: int) -> str:
    """A name (or "owner's thing") cut to `width` keeping its first word: "Corvin Sootwhistle" in
    16 cells read "... Sootwhistle", a hero the player knows as Corvin. No comma before the dots."""
    fitted = elide_owner(text, width)
    first = text.split()[0].rstrip(",") if text.split() else ""
    if fitted.startswith(ELLIPSIS) and first and len(first) + len(ELLIPSIS) <= width:
        fitted = first + ELLIPSIS
    return fitted.replace("," + ELLIPSIS, ELLIPSIS)


def elide_owner(text: str, width: int) -> str:
    """`text` cut to `width`, the owner's name shortened before what it owns: "Sabbeth the Last
    Sentinel's toxic spit" reads "Sabbeth the Last... toxic spit", not "Sabbeth the Last
    Sentinel's...", which does not say which of its rolls it was."""
    if len(text) <= width:
        return text
    for mark in ("'s ", "' "):
        at = text.rfind(mark)
        if at > 0:
            owner, owned = text[:at + len(mark) - 1], text[at + len(mark):]
            room = width - len(owned) - 1
            if room >= len(owner.split()[0]) + len(ELLIPSIS):  # at least the name's first word whole
                return elide(owner, room) + " " + owned
            break
    return elide(text, width)


def _with_facts(title: str, facts: str) -> str:
    if not facts:
        return title
    if title.endswith(")"):  # "the door (Locks)": one bracket, not "(Locks) (annoying, ..."
        return f"{title[:-1]}; {facts})"
    return f"{title} ({facts})" if title else f" ({facts})"


def check_terms(game: Game, owner: str, said: str) -> str:
    """What a morale check's d20 was held against, for its row (the title's "a d20 check" names no
    mark, and a bare 20 among d6 faces says nothing): " (d20 over 12)"
    beside "flees", " (d20 under 12)" beside "holds", " (d20 exactly 12)" beside "rallies"; ""
    when the monster is not known."""
    mon = game.world.try_comp(int(owner), MonsterState) if owner.isdigit() else None
    if mon is None:
        return ""
    mark = morale_mark(mon.spec.level)
    return {"flees": f" (d20 over {mark})", "rallies": f" (d20 exactly {mark})"}.get(said, f" (d20 under {mark})")


def out_of_reach(record: RollRecord) -> set[int]:
    """Pools of a fight that won a rank yet had no one to hit, as the engine found when it rolled
    (no opponent adjacent, nor for a ranged Type in sight and reach; or fleeing)."""
    return {i for i in record.unplaced if i in record.rank_winners}


def won_unseen(record: RollRecord, pool: int, shown: int) -> bool:
    """Whether pool `pool` of a fight won a rank among its dice past the first `shown` (left out
    for width): its row marks the "+N" as a win, else a hero who dealt damage there showed none."""
    return record.kind == "pain" and pool in record.rank_winners[shown:]


def dice_room(record: RollRecord, pool: int, width: int) -> tuple[int, int]:
    """How many of a pool's dice a row shows in `width` cells when not all of them fit, and the
    cells their "+N" takes after them: at least MORE_W, and room for the win mark whatever N is
    ("+10◊" takes four: the mark of a win among ten dice left out was dropped)."""
    count = len(record.pools[pool].dice)
    room = max(0, (width - MORE_W) // (DIE_W + GAP))
    while True:
        more_w = max(MORE_W, len(f"+{count - room}") + won_unseen(record, pool, room))
        if room == 0 or room * (DIE_W + GAP) + more_w <= width:
            return room, more_w
        room -= 1


def recent_records(game: Game, limit: int) -> list[RollRecord]:
    """The roll events of the latest turn that had any, oldest first, at most `limit`."""
    if not game.rolls:
        return []
    turn = game.rolls[-1].turn
    out = [r for r in game.rolls if r.turn == turn]
    return out[-limit:]


def draw_record(console: tcod.console.Console, game: Game, record: RollRecord, x: int, y: int, w: int,
                palette: Palette, glyphs: Glyphs, max_rows: int = 99, no_colour: bool = False) -> int:
    """Draw one record at (x, y) within width `w` and `max_rows` rows; returns the rows used.
    `no_colour`: the terminal shows none, so the dice that counted are marked by reverse alone."""
    narr_colour = palette.seat(record.narrator) if record.narrator >= 0 else palette["accent"]
    draw.text(console, x, y, title_of(game, record, w), narr_colour, width=w)
    names = list(record.names) + [p.owner for p in record.pools[len(record.names):]]
    idle = out_of_reach(record)
    # the dice (and a passes/fails or out-of-reach note) first; the names take the rest, up to name_w
    note_w = max(len(NO_ONE), len(FLEEING)) + 1 if idle else len(FELL) if record.fell else len(PASSES)
    dice_w = max((len(p.dice) for p in record.pools), default=0) * (DIE_W + GAP) + note_w
    longest = max((len(n) for n in names), default=4) + 1
    name_w = max(4, min(longest, max(w // 3, w - dice_w)))
    thwack, winner = glyphs.code("die_thwacko"), glyphs.code("rank_winner")
    pain = record.kind == "pain"
    for i, pool in enumerate(record.pools):
        row = y + 1 + i
        if row >= console.height or 1 + i >= max_rows:
            break
        name = names[i] if i < len(names) else pool.owner
        seat_colour = palette.seat(pool.seat) if pool.seat >= 0 else palette["text"]
        draw.text(console, x, row, fit_name(name, name_w - 1), palette["text"], width=name_w - 1)
        dx = x + name_w
        tail = ""
        if record.kind == "check" and i < len(record.successes):
            said = record.title.rsplit(": ", 1)[-1]  # "Xol's morale: rallies": the row says the same
            said = said if said in CHECK_WORDS else "stands" if record.successes[i] else "flees"
            tail = " " + said
            terms = check_terms(game, pool.owner, said)
            if terms and x + w - dx - len(tail) - len(terms) >= DIE_W + GAP:  # the die and its terms fit
                tail += terms
        elif not pain and i > 0 and i - 1 < len(record.successes):
            tail = PASSES if record.successes[i - 1] else FAILS
        elif i in idle:
            tail = " " + (FLEEING if i in record.fleeing else NO_ONE)
        fell_at = dict(record.fell).get(i)
        if fell_at is not None and not tail:
            tail = FELL
        room = (x + w - dx - len(tail)) // (DIE_W + GAP)
        more_w = 0
        if room < len(pool.dice):  # some left out: the "+N" saying so takes room too, not the note's
            room, more_w = dice_room(record, i, x + w - dx - len(tail))
        shown = pool.dice[: max(0, room)]
        for rank, face in enumerate(shown):
            is_thwacko = rank == pool.thwacko
            won = pain and rank < len(record.rank_winners) and record.rank_winners[rank] == i
            kept = not pain and rank == 0
            fg, bg = palette["die_fg"], palette["die_bg"]
            if fell_at is not None and rank >= fell_at:  # rolled, but its owner had fallen: it counted 0
                fg, bg = palette["text_dim"], palette["panel_bg"]
            if no_colour:
                # reverse (the winner's ground) says which dice counted: a rank's winner, a pool's
                # kept die; a Thwack-O die's face is bold (its seat colour), never reversed for it.
                # The rest stand on the plain ground (a palette's die colour may be reversed)
                bg = palette["die_winner_bg"] if won or kept else palette["background"]
                fg = seat_colour if is_thwacko else fg
            elif is_thwacko and (fell_at is None or rank < fell_at):
                bg = seat_colour
            elif won:
                bg = palette["die_winner_bg"]
            elif not pain and not kept:
                bg = _mix(bg, palette["panel_bg"], 0.55)
            if is_thwacko:
                console.ch[row, dx] = thwack
                console.fg[row, dx] = seat_colour
            draw.text(console, dx + 1, row, f"{face:>2}", fg, bg)
            if won:
                console.ch[row, dx + 3] = winner
                console.fg[row, dx + 3] = palette["die_winner_bg"]
            dx += DIE_W + GAP
        if len(shown) < len(pool.dice):
            more = f"+{len(pool.dice) - len(shown)}"
            draw.text(console, dx, row, more, palette["text_dim"])
            if won_unseen(record, i, len(shown)):  # "+5◊": a win among them
                console.ch[row, dx + len(more)] = winner
                console.fg[row, dx + len(more)] = palette["die_winner_bg"]
            dx += more_w
        if not pool.dice:  # "held: no dice": in the fight, but it may not act
            why = dict(record.idle).get(i)
            draw.text(console, dx, row, elide(f"{why}: no dice" if why else "no dice", max(0, x + w - dx)),
                      palette["text_dim"])
        if tail:
            colour = {PASSES: palette["good"], FAILS: palette["bad"]}.get(tail, palette["text_dim"])
            draw.text(console, dx, row, elide(tail, x + w - dx), colour)
    return min(max_rows, record_height(record))


def draw_rolls(console: tcod.console.Console, game: Game, rect: tuple[int, int, int, int], palette: Palette,
               glyphs: Glyphs, records: list[RollRecord], no_colour: bool = False) -> None:
    """Stack `records` (newest at the bottom) in `rect`, on the panel background."""
    x, y, w, h = rect
    if w <= 0 or h <= 0:
        return
    draw.fill(console, x, y, w, h, palette["panel_bg"], fg=palette["text"])
    fitted: list[RollRecord] = []
    used = 0
    for record in reversed(records):
        room = h - (0 if len(fitted) + 1 == len(records) else 1)  # a row to say what is left out
        if used + record_height(record) > room and fitted:
            break
        fitted.insert(0, record)
        used += record_height(record)
    row = max(y, y + h - used)
    left_out = len(records) - len(fitted)
    if left_out and row > y:
        word = "roll" if left_out == 1 else "rolls"
        draw.text(console, x + 1, row - 1, elide(f"{left_out} earlier {word} of this turn did not fit here", w - 2),
                  palette["text_dim"])
    for record in fitted:
        row += draw_record(console, game, record, x + 1, row, w - 2, palette, glyphs, max_rows=y + h - row,
                           no_colour=no_colour)
