"""A room build not yet confirmed, kept beside the autosave (``autosave.draft.json``) so that a
player who leaves in the middle of it (S, Ctrl-C, a hang-up, the terminal closed) finds the same
purchases in the room builder after `continue`.

A build goes into the recording only when it is confirmed (DESIGN.md §7: the recording is the
save, and it holds only what the table did), so the purchases before that live in a file of
their own, written after each change to them. It changes nothing in the game: it only fills the
builder again, where every purchase is priced and checked anew (`RoomBuilder.restore`). It is kept only for the moment
of the run it was made in: the same game version, seed and game state, the same seat building
the same category on the same budget. One that does not fit that (another version, a save
cut short, a damaged file) is dropped with one line saying so; old saves simply have none.

    {"draft": 1, "version": "0.1.0", "seed": 4, "state": "<Game.state_hash()>",
     "seat": 0, "category": "traps", "budget": 4, "items": [<BuildRoom items>]}
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import FileProblem, printable
from game.core.file_guard import read_bounded, set_aside
from game.core.paths import atomic_write, data_dir
from game.designers.builds import freeze
from game.engine.game import GAME_VERSION, Game

DRAFT = "autosave.draft.json"
DRAFT_FORMAT = 1
MAX_DRAFT_BYTES = 1 << 20  # a draft is a few hundred bytes


@dataclass(frozen=True, slots=True)
class Draft:
    """Seat `seat`'s purchases of `category` on `budget` points, as BuildRoom items."""

    seat: int
    category: str
    budget: int
    items: tuple


def draft_path() -> Path:
    return data_dir() / DRAFT


def keep_draft(game: Game, draft: Draft) -> bool:
    """Write `draft` for the game as it stands (an empty one forgets it); False when the file
    could not be written (the purchases are then kept only while the game runs, and an older
    draft is removed if it can be, so that `continue` never brings back fewer as if they were all)."""
    if not draft.items:
        forget_draft()
        return True
    data = {"draft": DRAFT_FORMAT, "version": GAME_VERSION, "seed": game.seed, "state": game.state_hash(),
            "seat": draft.seat, "category": draft.category, "budget": draft.budget, "items": list(draft.items)}
    try:
        atomic_write(draft_path(), json.dumps(data).encode() + b"\n", shared=True)
    except OSError:
        forget_draft()
        return False
    return True


def forget_draft() -> None:
    """No draft any more: the build was confirmed, or the run it belonged to is over or replaced."""
    with contextlib.suppress(OSError):
        draft_path().unlink(missing_ok=True)


def take_draft(game: Game) -> tuple[Draft | None, str | None]:
    """The kept draft, when it belongs to the build `game` waits for now, and None; or None and
    one line for the player when a draft was there but cannot be used (the file is dropped);
    (None, None) when there is none."""
    path = draft_path()
    if not path.exists() and not path.is_symlink():
        return None, None
    draft, why = _read(path, game)
    if draft is None:
        return None, f"The room purchases left unconfirmed when the run was last left are dropped: {why}{_drop(path)}."
    return draft, None


def _drop(path: Path) -> str:
    """Remove a draft that cannot be used; one that cannot be removed (a folder in its place) is
    set aside as damaged files are, else every `continue` would drop it again. What became of
    it, for the player's line ("" when it is simply gone)."""
    forget_draft()
    if not path.exists() and not path.is_symlink():
        return ""
    aside = set_aside(path)
    if aside is None:
        return f"; it cannot be moved aside either: remove {printable(str(path))}"
    return f"; it is kept as {printable(str(aside))}"


def _read(path: Path, game: Game) -> tuple[Draft | None, str]:
    try:
        data = json.loads(read_bounded(path, MAX_DRAFT_BYTES, "draft"))
    except FileProblem as exc:
        return None, f"their file cannot be read ({exc})"
    except (ValueError, RecursionError):  # RecursionError: arrays nested past reading
        return None, "their file is damaged"
    if not isinstance(data, dict) or data.get("draft") != DRAFT_FORMAT:
        return None, "their file is damaged, or from another version of Masterless"
    if data.get("version") != GAME_VERSION:
        return None, f"they were saved by Masterless {printable(str(data.get('version')))}, this is {GAME_VERSION}"
    pending = game.hallway.pending
    waiting = pending.waiting if pending is not None else ()
    seat, category, budget, items = (data.get(k) for k in ("seat", "category", "budget", "items"))
    if data.get("seed") != game.seed or data.get("state") != game.state_hash() or len(waiting) < 5 \
            or tuple(waiting[:4]) != ("build", seat, category, budget) or not isinstance(items, list):
        return None, "the saved run is no longer at that build"
    return Draft(seat, category, budget, freeze(items)), ""

