"""Who builds the rooms, said once to a solo player (issue 15, point 4): in solo play the AI builds
the share your own seat wins, so "your" monsters may hunt your hero, and "~ Player 1" after a log
line names the seat that tells a roll, not the one that struck. Shown in the first Hallway of
the first solo run, and of the first hot-seat run where the AI builds the players' shares (each
remembered in the options file: a solo player's reading does not tell a table of friends), and
always in the Hallway's help, which at a hot-seat table names every player as a player (none of
them is "you", none an AI)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.kit import Kit

if TYPE_CHECKING:
    from game.engine.game import Game

SEEN = "table_explained"  # kept in the options file's extra keys: read at a solo table
SEEN_HOT_SEAT = "hot_seat_explained"  # and at a hot-seat table
TITLE = "Who builds the rooms"


def table_words(game: Game) -> str:
    """The explanation, naming this table's seats: one player ("you"), or several at one keyboard."""
    players = [s for s in game.seats if s.human]
    if len(players) > 1:
        return hot_seat_words(game)
    you = next((s for s in players if s.has_hero), None)
    me = you.name if you is not None else "your seat"
    others = [seat_words(s.name, s.has_hero) for s in game.seats if s is not you]
    builds = ("You build the share your seat takes in the room builder, every point of it" if game.dials.design == "ask"
              else "In solo play the AI builds your own seat's share for you: the Hallway says \"built for them by "
                   "the AI\"")
    return (
        f"There is no game master. Before each room every seat at the table, {me} too, rolls a die; from "
        f"the highest, seats take the room's traps, monsters and treasure in turn, each spending every "
        f"point. {builds}. "
        f"So some monsters may be bought by {me}, and they still hunt your hero: what a seat buys belongs "
        f"to the dungeon, not to the seat's friends.\n\n"
        f"A name after a log line (~ {me}) is the seat whose Thwack-O die won that roll and so tells it; "
        f"it is not who struck.\n\n"
        f"At this table: {me} (you, with a hero)" + "".join(f"; {o}" for o in others) + "."
    )


def hot_seat_words(game: Game) -> str:
    """The explanation for several players at one keyboard: each of them is a seat."""
    first = next(s.name for s in game.seats if s.human)
    builds = ("At this table a player who takes a category builds it in the room builder, the others looking "
              "away" if game.dials.design == "ask"
              else "At this table the AI builds each player's share for them: the Hallway says \"built for them "
                   "by the AI\"")
    seats = [f"{s.name}, a player with a hero" if s.human else seat_words(s.name, s.has_hero) for s in game.seats]
    also = ", the players' as well as the AI's" if not all(s.human for s in game.seats) else ""
    return (
        f"There is no game master. Before each room every seat at the table rolls a die{also}; from the "
        "highest, seats take the room's traps, monsters and treasure in turn, each "
        f"spending every point. {builds}. So some monsters may be bought by one of you, and they still hunt "
        "every hero: what a seat buys belongs to the dungeon, not to the seat's friends.\n\n"
        f"A name after a log line (~ {first}) is the seat whose Thwack-O die won that roll and so tells it; "
        "it is not who struck.\n\n"
        f"At this table: {'; '.join(seats)}."
    )


def seat_words(name: str, has_hero: bool) -> str:
    """'Swarm (AI), an AI with a hero': the name whole, and no "(AI) (an AI ...)" brackets."""
    return f"{name}, {'an AI with a hero' if has_hero else 'an AI designer'}"


def seen_key(game: Game) -> str | None:
    """The options key that remembers the explanation was read at a table like this one; None
    where it is not shown unasked: the players build their own shares (the builder says so), or
    nobody plays."""
    players = sum(1 for s in game.seats if s.human)
    if game.dials.design == "ask" or not players:  # no player: a run of the AI's, watched
        return None
    return SEEN if players == 1 else SEEN_HOT_SEAT


def first_time(kit: Kit, game: Game) -> bool:
    """Whether the explanation has not been read at a table like this yet; marks it read (in the
    options file; one that cannot be written only means it is said again next time)."""
    seen = seen_key(game)
    if seen is None or kit.options.extra.get(seen):
        return False
    kit.apply(kit.options.with_changes(extra={**kit.options.extra, seen: True}))
    kit.save()
    return True
