"""Where a trap or an item sits in a room being built, in the player's words: "the door in the
north wall", "a chest in the north-east of the room", never a host's internal name or the
floor's coordinates (the room builder used to say "trapped_chest (113,47)")."""

from __future__ import annotations

from game.core.sentences import capitalised
from game.mapgen.plan import Spot
from game.mapgen.themes import theme as get_theme

VERBS = {"open": "open it", "search": "search it", "walk": "walk over it", "use": "use it"}
Bounds = tuple[int, int, int, int]  # x0, y0, x1, y1 of the room's block, walls included


def thing(spot: Spot, theme: str | None = None) -> str:
    """The host in the theme's words: "door", "trapped chest", "sarcophagus" ..."""
    if theme:
        try:
            return get_theme(theme).feature_name(spot.host)
        except (KeyError, LookupError):
            pass
    return spot.host.replace("_", " ")


def place(spot: Spot, bounds: Bounds | None) -> str:
    """"in the north wall" for a spot on the room's edge, else the part of the room it is in."""
    if bounds is None:
        return ""
    x0, y0, x1, y1 = bounds
    edges = {"north": spot.y - y0, "south": y1 - spot.y, "west": spot.x - x0, "east": x1 - spot.x}
    side, gap = min(edges.items(), key=lambda kv: kv[1])
    if gap == 0:
        return f"in the {side} wall"
    w, h = max(1, x1 - x0), max(1, y1 - y0)
    fx, fy = (spot.x - x0) / w, (spot.y - y0) / h
    ns = "north" if fy < 1 / 3 else "south" if fy > 2 / 3 else ""
    we = "west" if fx < 1 / 3 else "east" if fx > 2 / 3 else ""
    part = f"{ns}-{we}" if ns and we else ns or we
    return f"in the {part} of the room" if part else "in the middle of the room"


ORDINALS = ("1st", "2nd", "3rd")


def which_of(spots: tuple[Spot, ...], bounds: Bounds | None) -> dict[Spot, tuple[str, str]]:
    """Spots that would read the same ("floor, middle" twice) told apart, long and short: "the
    western of two" / "W one", "the 2nd of 3 from the north" / "2nd from N", counted along the
    way they lie farther apart. A spot that reads like no other is not in the answer."""
    alike: dict[str, list[Spot]] = {}
    for spot in spots:
        alike.setdefault(f"{spot.host} {spot.action} {place(spot, bounds)}", []).append(spot)
    out: dict[Spot, tuple[str, str]] = {}
    for group in alike.values():
        if len(group) < 2:
            continue
        across = max(s.x for s in group) - min(s.x for s in group) >= max(s.y for s in group) - min(s.y for s in group)
        side = "west" if across else "north"
        ordered = sorted(group, key=lambda s: (s.x, s.y) if across else (s.y, s.x))
        for i, spot in enumerate(ordered):
            if len(group) == 2:
                end = side if i == 0 else {"west": "east", "north": "south"}[side]
                out[spot] = (f"the {end}ern of two", f"{end[0].upper()} one")
            else:
                nth = ORDINALS[i] if i < len(ORDINALS) else f"{i + 1}th"
                out[spot] = (f"the {nth} of {len(group)} from the {side}", f"{nth} from {side[0].upper()}")
    return out


def spot_words(spot: Spot, bounds: Bounds | None = None, theme: str | None = None, which: str = "") -> str:
    """"Door in the north wall: open it"; `which` tells it from a spot that reads the same."""
    where = place(spot, bounds)
    verb = VERBS.get(spot.action, spot.action)
    return capitalised(f"{thing(spot, theme)}{' ' + where if where else ''}{', ' + which if which else ''}: {verb}")


def spot_short(spot: Spot, bounds: Bounds | None = None, theme: str | None = None, which: str = "") -> str:
    """For a narrow list: "chest, NE", "door, N wall", "floor, middle, W one"."""
    where = place(spot, bounds)
    letters = {"north": "N", "south": "S", "east": "E", "west": "W"}
    short = ""
    if where.endswith("wall"):
        short = letters[where.split()[2]] + " wall"
    elif "middle" in where:
        short = "middle"
    elif where:
        short = "".join(letters[w] for w in where.split()[2].split("-"))
    return f"{thing(spot, theme)}{', ' + short if short else ''}{', ' + which if which else ''}"
