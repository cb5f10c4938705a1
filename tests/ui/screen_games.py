"""Games and kits for the secondary screens' tests (imported by tests/ui/test_*.py)."""

from __future__ import annotations

from pathlib import Path

from game.core.dials import Dials
from game.core.seats import parse_seats
from game.engine.game import Game
from game.engine.spawning import make_treasure_entity
from game.engine.start import new_game
from game.rules.purchases import Treasure
from game.ui.kit import Kit
from game.ui.options import Options
from game.ui.present.headless import HeadlessPresenter
from game.ui.session import Session


def make_kit(tmp_path: Path, **options: object) -> Kit:
    return Kit.from_options(Options(**options), tmp_path / "options.toml")  # type: ignore[arg-type]


def make_session(seed: int = 7, seats: str = "human,ai,ai", level: int = 2, dials: Dials | None = None) -> Session:
    session = Session(without_kits(new_game(seed, parse_seats(seats), level, dials or Dials())))
    session.advance_ai()
    return session


def without_kits(game: Game) -> Game:
    """Empty every hero's pack, so a screen's test sees only the items it gives (the starting kits
    have tests of their own)."""
    for eid, _ in game.heroes():
        for item, _ in game.pack(eid):
            game.world.delete(item)
    return game


def give(game: Game, hero: int, name: str, **features: object) -> int:
    """Put a new item in `hero`'s pack; returns its entity."""
    spec = Treasure(name=name, **features)  # type: ignore[arg-type]
    return make_treasure_entity(game, spec, name, 1, None, carried_by=hero)


def in_town(session: Session) -> Session:
    from game.engine.town import arrive_in_town

    arrive_in_town(session.game)
    return session


def help_read_by_columns(screen: HeadlessPresenter) -> str:
    """A help screen's words as a reader takes them: down the first column, then the next (a wide
    screen sets the help side by side), each run of spaces one space. A help that scrolls is one
    column, drawn within the first."""
    from game.ui.screens.help import COLUMN_GAP, COLUMN_WIDTH

    rows = screen.lines()[2:-2]
    starts = range(1, screen.size()[0], COLUMN_WIDTH + COLUMN_GAP)
    return " ".join(" ".join(" ".join(row[x:x + COLUMN_WIDTH] for row in rows).split()) for x in starts)


def recorded_run_home(path: Path) -> Path:
    """A recording at `path` of a whole AI run (seed 7) that ends in town, retired or its quest
    done: what the viewers must show in town, not on the floor the party left."""
    from game.agents.autoplay import play
    from game.engine.recording import Recorder

    recorder = Recorder.for_new_game(path, 7, "ai+hero,ai", flush_every=0)
    game = recorder.start()
    play(game, 2000, on_action=recorder.add)
    recorder.finish(game)
    assert game.phase == "over" and game.outcome in ("retired", "quest"), game.outcome
    game.close()
    return path
