"""The command line of DESIGN.md §6: parses arguments and hands each command to its module."""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from game.core.errors import FileProblem, MasterlessError, UsageError, printable
from game.core.file_guard import write_problem
from game.core.paths import data_dir
from game.core.program import program_name
from game.core.start_up import loaded, pause, under_way


# Each command's module is imported only when that command runs: `python main.py generate` need
# not load the terminal front end, and start-up time is a measured number (DESIGN.md §8). Each
# function takes the parsed namespace and returns an exit code. Once its modules are loaded the
# program is under way (game/core/start_up.py); the title and `play` are under way once their
# first frame is out (the loop says so).
def _title(args: argparse.Namespace) -> int:
    from game.ui.app import run_title  # start-up
    loaded()

    return run_title(args)


def _play(args: argparse.Namespace) -> int:
    from game.ui.app import run_play  # start-up
    loaded()

    return run_play(args)


def _continue(args: argparse.Namespace) -> int:
    from game.ui.app import run_continue  # start-up
    under_way()

    return run_continue(args)


def _replay(args: argparse.Namespace) -> int:
    from game.commands.replay_command import run_replay  # start-up
    under_way()

    return run_replay(args)


def _generate(args: argparse.Namespace) -> int:
    from game.commands.generate_command import run_generate  # start-up
    under_way()

    return run_generate(args)


def _autoplay(args: argparse.Namespace) -> int:
    from game.commands.autoplay_command import run_autoplay  # start-up
    under_way()

    return run_autoplay(args)


def _catalog(args: argparse.Namespace) -> int:
    from game.commands.generate_command import run_catalog  # start-up
    under_way()

    return run_catalog(args)


def _balance(args: argparse.Namespace) -> int:
    from game.commands.balance_command import run_balance  # start-up
    under_way()

    return run_balance(args)


def _watch(args: argparse.Namespace) -> int:
    from game.commands.watch_command import run_watch  # start-up
    under_way()

    return run_watch(args)


def _scores(args: argparse.Namespace) -> int:
    from game.commands.scores_command import run_scores  # start-up
    under_way()

    return run_scores(args)


def _bench(args: argparse.Namespace) -> int:
    from game.benchmarks.suite import run_bench  # start-up
    under_way()

    return run_bench(args)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "title": _title,
    "play": _play,
    "continue": _continue,
    "replay": _replay,
    "generate": _generate,
    "autoplay": _autoplay,
    "catalog": _catalog,
    "balance": _balance,
    "scores": _scores,
    "watch": _watch,
    "bench": _bench,
}


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # `--seed` is never taken for `--seeds`, nor `--seat` for `--seats`
        super().__init__(*args, **kwargs)
        # A word that begins with a minus and a digit is a value, as `-5` already was: argparse
        # took `--seeds -5-3` or `--party -2,3` for an option and said "expected one argument",
        # where the value's own check says what to type. No option of ours begins so.
        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def error(self, message: str) -> None:  # one line, exit 2, never a usage dump
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def _int_list(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers separated by commas, got {text!r}") from None
    return values


def _file_name(text: str) -> str:
    """A file or folder named on the command line: an empty name (`--designs "$DIR"` with DIR
    unset) is refused, never taken for none given, nor for the current folder."""
    if text == "":
        raise argparse.ArgumentTypeError("no file or folder named (the name is empty)")
    return text


def _seed(text: str) -> int:
    """A seed a recording can hold: a run begun on a bigger one could never be continued or
    replayed, so the command line refuses it before the run."""
    from game.core.seeds import SEED_LIMIT  # start-up: loaded only when a seed is given

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, got {text!r}") from None
    if not -SEED_LIMIT < value < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed is between {-SEED_LIMIT + 1} and {SEED_LIMIT - 1}, got {text}")
    return value


def _dial(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name or not value:
        raise argparse.ArgumentTypeError(f"a dial is name=value, got {text!r}")
    return name.strip(), value.strip()


DIAL_HELP = ("name=value, repeatable: die, seriousness, successes, design, morale, surprise, wandering, "
             "reactions, light, narration_prompts, theme (README: Dials); the title menu's New game sets them too")
SEED_HELP = "the run's seed: the same seed, seats, level and dials build the same dungeon (default: a new one)"
SEEDS_HELP = "a range of seeds, as 1-100 (or one seed)"
SEATS_HELP = ("comma list of human, ai, ai+hero; human:Ann names the player, ai:tyrant the personality "
              "(README: Commands)")
DESIGNS_HELP = "a folder of design files the AI may draw on"
LAB_LEVEL_HELP = "starting level of every hero, 1-10 (default 2; play starts at 1-3)"
MAX_TURNS_HELP = "stop a run after this many turns (default 5000)"
COLOR_CHOICES = ("auto", "truecolor", "256", "16", "none")
COLOR_HELP = ("colours for this run: auto (ask the terminal), truecolor, 256, 16 or none (bold and reverse "
              "instead; NO_COLOR does this too); beats the Colours option, which stays as saved")


def _color_flag(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    parser.add_argument("--color", choices=COLOR_CHOICES, default=default, help=COLOR_HELP)


DISK_FULL = (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC))
REFUSED = (errno.EROFS, errno.EACCES, errno.EPERM)  # a named file the system will not let us use: not a bug


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=program_name(), description="Masterless: a roguelike with no game master. With no command, "
                     "the title menu opens: new game (hand-made heroes), hot-seat, continue, replays, "
                     "high scores, seed races, options.")
    _color_flag(parser, default=None)  # the title menu's; each screen-showing command takes it too
    parser.add_argument("--window", action="store_true", default=argparse.SUPPRESS,  # suppressed here and on
                        help="open the title menu in an SDL window")  # each command: `--window play` holds too
    sub = parser.add_subparsers(dest="command", metavar="command", parser_class=_Parser)

    play = sub.add_parser("play", help="start a run at once with ready-made heroes")
    play.add_argument("--seed", type=_seed, default=None, help=SEED_HELP)
    play.add_argument("--seats", default="human,ai,ai", help="default human,ai,ai; " + SEATS_HELP)
    play.add_argument("--level", type=int, default=2, help="starting level of every hero, 1-3 (default 2)")
    play.add_argument("--dial", type=_dial, action="append", default=[], help=DIAL_HELP)
    play.add_argument("--daily", metavar="YYYY-MM-DD", default=None, help="the seed of that day")
    play.add_argument("--window", action="store_true", default=argparse.SUPPRESS, help="play in an SDL window")
    play.add_argument("--record", metavar="FILE", default=None,
                      help="also write the run's recording to FILE, every action (continue goes on writing it)")
    _color_flag(play)
    play.add_argument("--designs", metavar="DIR", type=_file_name, default=None, help=DESIGNS_HELP)

    cont = sub.add_parser("continue", help="resume the autosaved game")
    cont.add_argument("--window", action="store_true", default=argparse.SUPPRESS, help="play in an SDL window")
    _color_flag(cont)

    replay = sub.add_parser("replay", help="watch or verify a recording")
    replay.add_argument("file",
                        help="a recording: the FILE play --record wrote, or a .mlrec file of the recordings "
                             "folder (its name alone will do); or a morgue file, whose run's recording lies "
                             "beside it")
    replay.add_argument("--headless", action="store_true",
                        help="no screen: re-run it and print one line (exit 4 if it desyncs)")
    replay.add_argument("--verify", action="store_true",
                        help="with --headless: stop at the first turn that plays out otherwise, with only "
                             "that said")
    replay.add_argument("--speed", type=float, default=1.0,
                        help="actions a second, the nearest of 1, 2, 4 ... 256 (default 1); + and - change it")
    replay.add_argument("--window", action="store_true", default=argparse.SUPPRESS, help="watch in an SDL window")
    _color_flag(replay)

    gen = sub.add_parser("generate", help="print the rooms the table would build for a party")
    gen.add_argument("--seed", type=_seed, required=True,
                     help="the table's seed; it draws the dungeon's theme too, unless --dial theme=... names one")
    gen.add_argument("--party", type=_int_list, required=True, help="hero levels, e.g. 2,3,5")
    gen.add_argument("--floor", type=int, default=None, help="the Floor (default: the party's entrance floor)")
    gen.add_argument("--rooms", type=int, default=5, help="how many rooms (default 5)")
    gen.add_argument("--seats", default="human,ai,ai", help="default human,ai,ai; " + SEATS_HELP)
    gen.add_argument("--dial", type=_dial, action="append", default=[], help=DIAL_HELP)
    gen.add_argument("--json", action="store_true", help="print it as JSON")
    gen.add_argument("--map", action="store_true", help="draw each room's plan as text")
    gen.add_argument("--designs", metavar="DIR", type=_file_name, default=None, help=DESIGNS_HELP)

    auto = sub.add_parser("autoplay", help="play a whole run headless, AI at every seat")
    auto.add_argument("--seed", type=_seed, required=True, help="the run's seed")
    auto.add_argument("--seats", default="ai+hero,ai+hero,ai", help="default ai+hero,ai+hero,ai; " + SEATS_HELP)
    auto.add_argument("--level", type=int, default=2, help=LAB_LEVEL_HELP)
    auto.add_argument("--dial", type=_dial, action="append", default=[], help=DIAL_HELP)
    auto.add_argument("--max-turns", type=int, default=5000, help=MAX_TURNS_HELP)
    auto.add_argument("--record", metavar="FILE", default=None, help="also write the run's recording to FILE")
    auto.add_argument("--json", action="store_true", help="print the result as JSON")
    auto.add_argument("--check", action="store_true", help="check invariants every turn")
    auto.add_argument("--designs", metavar="DIR", type=_file_name, default=None, help=DESIGNS_HELP)

    cat = sub.add_parser("catalog", help="one line per room for a range of seeds (a party of Levels 2, 3 and 5)")
    cat.add_argument("--seeds", metavar="A-B", required=True, help=SEEDS_HELP)
    cat.add_argument("--floors", type=int, default=1, help="floors a seed, from the entrance floor (default 1)")
    cat.add_argument("--rooms", type=int, default=4, help="rooms a floor (default 4)")
    cat.add_argument("--map", action="store_true", help="draw each room's plan as text, under its line")

    bal = sub.add_parser("balance", help="many autoplay runs on every core (or a Dask cluster), with tables")
    bal.add_argument("compare", nargs="*", type=_file_name, metavar="compare A.json B.json",
                     help="compare two batches written by --json instead of playing")
    bal.add_argument("--seeds", metavar="A-B", default=None, help=SEEDS_HELP + "; one autoplay each")
    bal.add_argument("--seats", action="append", default=None,
                     help="seat mix (default ai+hero,ai+hero,ai); repeat to compare mixes and personalities")
    bal.add_argument("--level", type=int, default=None, help=LAB_LEVEL_HELP)  # None: not given (compare refuses it)
    bal.add_argument("--dial", type=_dial, action="append", default=[], help=DIAL_HELP)
    bal.add_argument("--max-turns", type=int, default=None, help=MAX_TURNS_HELP)
    bal.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    bal.add_argument("--cluster", metavar="ADDRESS", default=None, help="a Dask scheduler, tcp://HOST:8786")
    bal.add_argument("--json", metavar="FILE", default=None, help="also write every run to FILE, for compare")
    bal.add_argument("--plot", metavar="FILE", default=None, help="charts as .png or .svg (needs .[lab])")

    watch = sub.add_parser("watch", help="watch a game in progress, read-only (the autosave by default)")
    watch.add_argument("file", nargs="?", type=_file_name, default=None, help="a recording a game is writing")
    _color_flag(watch)

    scores = sub.add_parser("scores", help="score tables per seed; export or import a score line")
    scores.add_argument("action", nargs="?", metavar="export | import", default=None,
                        help="export: your last run's line (the best on --seed N), for a friend; import: a friend's")
    scores.add_argument("line", nargs="?", default=None, help="with import: the line a friend exported")
    scores.add_argument("--seed", type=_seed, default=None, help="that seed's table (with export: its best run here)")
    scores.add_argument("--recording", metavar="FILE", default=None, help="with import: the run's recording")

    bench = sub.add_parser("bench", help="measure everything a player feels")
    bench.add_argument("--json", action="store_true", help="print the measures as JSON")
    bench.add_argument("--quick", action="store_true", help="a short run for CI")
    return parser


def parse(argv: list[str]) -> argparse.Namespace:
    """The parsed command line; an argument no option of the command knows is a usage error that
    points at that command's help (argparse's own pointed at the whole program's)."""
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        command = " ".join([program_name(), *([args.command] if args.command else []), "--help"])
        raise UsageError(f"unrecognized arguments: {' '.join(unknown)} (see `{command}`)")
    return args


PRINTING = ("generate", "autoplay", "catalog", "balance", "scores", "bench")  # their answers go to standard output


def main(argv: Sequence[str]) -> int:
    try:
        args = parse(list(argv))
        command = args.command or "title"
        if getattr(args, "color", None):  # for this run only: the presenter reads it (ui/present/colors.py)
            os.environ["MASTERLESS_COLORS"] = args.color
        if sys.stdout is None and (command in PRINTING or getattr(args, "headless", False)):
            raise FileProblem(f"standard output is closed, and {command} prints what it finds there: nothing was run")
        return int(COMMANDS[command](args) or 0)
    except MasterlessError as exc:
        say(f"masterless: {exc}")
        return exc.exit_code
    except KeyboardInterrupt:
        ignore_interrupts()
        say("masterless: interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, no traceback
        if isinstance(exc, OSError) and exc.errno in DISK_FULL:  # `> out.txt` on a full disk: not a bug
            quiet_failed_output()
            say("masterless: a write failed: " + write_problem(exc) + (f" ({exc.filename})" if exc.filename else ""))
            return 3
        if isinstance(exc, OSError) and exc.errno in REFUSED and exc.filename:
            say(f"masterless: cannot use {exc.filename}: {write_problem(exc)}")
            return 3
        where = crash_report()
        say(f"masterless: internal error: {type(exc).__name__}: {exc}" + (f" (details in {where})" if where else ""))
        return 1


def say(line: str) -> None:
    """One line on standard error, its control characters escaped (a file name or an argument
    must not drive the terminal); quiet when the terminal is gone."""
    with contextlib.suppress(OSError, ValueError):
        print(printable(line), file=sys.stderr, flush=True)


def quiet_failed_output() -> None:
    """Standard output that cannot take what is printed (a full disk) is pointed at /dev/null, so
    that the flush on the way out cannot fail again and print a second message."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)


def ignore_interrupts() -> None:
    """Leaving already: a second Ctrl-C must not turn the exit into a traceback (one that came
    just before is let go)."""
    while True:
        try:
            with contextlib.suppress(ValueError, OSError):  # not the main thread: nothing to do
                signal.signal(signal.SIGINT, signal.SIG_IGN)
            return
        except KeyboardInterrupt:
            continue


def run_program(argv: Sequence[str]) -> int:
    """`main` as the start of the program (`python main.py`, the `masterless` script)."""
    pause()
    try:
        return main(argv)
    finally:
        under_way()  # no command was loaded (a usage error, --help) or none showed a frame


def entry() -> None:
    """The `masterless` command pip installs (pyproject [project.scripts]): `python main.py`."""
    try:
        code = run_program(sys.argv[1:])
    except KeyboardInterrupt:  # while the command's modules load, before `main` can take it
        say("masterless: interrupted")
        code = 130
    finally:  # however it leaves (a second signal during the game leaves as SystemExit)
        ignore_interrupts()
    sys.exit(code)


def crash_report() -> str:
    """Write the traceback of the error being handled to the user data directory, for a bug
    report; the player sees one line. Returns the file's path ("" if it could not be written)."""
    import traceback  # start-up: only after a crash

    try:
        path = data_dir() / "crash.log"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(traceback.format_exc(), encoding="utf-8")
        return str(path)
    except Exception:  # noqa: BLE001 - a report that cannot be written must not hide the error
        return ""
