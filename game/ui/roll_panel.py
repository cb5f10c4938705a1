"""The roll panel: a roll event as dice on the table. One row per pool, its dice highest first,
so the dice of the same rank stand in one column; in a painful conflict the die that won each
rank is marked (a tie marks nobody: nobody deals damage there); in an annoying conflict the
kept (highest) die of each pool stands out and each resister's row says whether it held. A
seat's Thwack-O die is drawn in that seat's colour with its mark before it, and the title names
the seat that narrates the event.

Each die takes DIE_W cells: the Thwack-O mark, the face (two cells, for d10 to d20), the
winner mark; then a gap. Marks are glyphs of the set (ASCII or Unicode), so the panel reads the
same without colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

import tcod.console

from game.ui import draw
from game.ui.glyphs import Glyphs
from game.ui.palette import RGB, Palette

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.engine.log import RollRecord

DIE_W = 4
GAP = 1


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def record_height(record: RollRecord) -> int:
    return 1 + len(record.pools)


def title_of(game: Game, record: RollRecord) -> str:
    kind = "painful" if record.kind == "pain" else "annoying"
    told = ""
    if 0 <= record.narrator < len(game.seats):
        told = f", told by {game.seats[record.narrator].name}"
    return f"{record.title} ({kind}, turn {record.turn}{told})"


def recent_records(game: Game, limit: int) -> list[RollRecord]:
    """The roll events of the latest turn that had any, oldest first, at most `limit`."""
    if not game.rolls:
        return []
    turn = game.rolls[-1].turn
    out = [r for r in game.rolls if r.turn == turn]
    return out[-limit:]


def draw_record(console: tcod.console.Console, game: Game, record: RollRecord, x: int, y: int, w: int,
                palette: Palette, glyphs: Glyphs, name_w: int = 16, max_rows: int = 99) -> int:
    """Draw one record at (x, y) within width `w` and `max_rows` rows; returns the rows used."""
    narr_colour = palette.seat(record.narrator) if record.narrator >= 0 else palette["accent"]
    draw.text(console, x, y, title_of(game, record), narr_colour, width=w)
    names = list(record.names) + [p.owner for p in record.pools[len(record.names):]]
    name_w = max(4, min(name_w, max((len(n) for n in names), default=4) + 1, w // 3))
    thwack, winner = glyphs.code("die_thwacko"), glyphs.code("rank_winner")
    pain = record.kind == "pain"
    for i, pool in enumerate(record.pools):
        row = y + 1 + i
        if row >= console.height or 1 + i >= max_rows:
            break
        name = names[i] if i < len(names) else pool.owner
        seat_colour = palette.seat(pool.seat) if pool.seat >= 0 else palette["text"]
        draw.text(console, x, row, name[: name_w - 1], palette["text"], width=name_w - 1)
        dx = x + name_w
        tail = ""
        if not pain and i > 0 and i - 1 < len(record.successes):
            tail = " holds" if record.successes[i - 1] else " fails"
        room = (x + w - dx - len(tail)) // (DIE_W + GAP)
        shown = pool.dice[: max(0, room)]
        for rank, face in enumerate(shown):
            is_thwacko = rank == pool.thwacko
            won = pain and rank < len(record.rank_winners) and record.rank_winners[rank] == i
            kept = not pain and rank == 0
            bg = palette["die_bg"]
            if is_thwacko:
                bg = seat_colour
            elif won:
                bg = palette["die_winner_bg"]
            elif not pain and not kept:
                bg = _mix(bg, palette["panel_bg"], 0.55)
            if is_thwacko:
                console.ch[row, dx] = thwack
                console.fg[row, dx] = seat_colour
            draw.text(console, dx + 1, row, f"{face:>2}", palette["die_fg"], bg)
            if won:
                console.ch[row, dx + 3] = winner
                console.fg[row, dx + 3] = palette["die_winner_bg"]
            dx += DIE_W + GAP
        if len(shown) < len(pool.dice):
            draw.text(console, dx, row, f"+{len(pool.dice) - len(shown)}", palette["text_dim"])
            dx += 3
        if not pool.dice:
            draw.text(console, dx, row, "no dice", palette["text_dim"])
        if tail:
            ok = tail == " holds"
            draw.text(console, dx, row, tail, palette["good"] if ok else palette["bad"])
    return min(max_rows, record_height(record))


def draw_rolls(console: tcod.console.Console, game: Game, rect: tuple[int, int, int, int], palette: Palette,
               glyphs: Glyphs, records: list[RollRecord]) -> None:
    """Stack `records` (newest at the bottom) in `rect`, on the panel background."""
    x, y, w, h = rect
    if w <= 0 or h <= 0:
        return
    draw.fill(console, x, y, w, h, palette["panel_bg"], fg=palette["text"])
    fitted: list[RollRecord] = []
    used = 0
    for record in reversed(records):
        if used + record_height(record) > h and fitted:
            break
        fitted.insert(0, record)
        used += record_height(record)
    row = max(y, y + h - used)
    for record in fitted:
        row += draw_record(console, game, record, x + 1, row, w - 2, palette, glyphs,
                           name_w=16 if w < 100 else 28, max_rows=y + h - row)
