"""`python main.py scores [--seed N]`, `scores export [--seed N]`, `scores import LINE [--recording
FILE]` (DESIGN.md §6, issue 18): the score tables of seeded runs, and racing friends on a seed.

`scores` lists every seed raced on here with its best score; `--seed N` shows that seed's table.
`export` prints the line of the last run played here (or the best run here on `--seed N`), for a
friend to import. `import LINE` files the friend's score under its seed; with `--recording FILE`
(the friend's recording of that run) it is checked first: the file must be the one the line
names, of that seed, replay without a desync, and score what the line says; it is then kept
beside the other recordings, and `replay` plays it. Without the file the line is filed as
unverified. Exit codes: 2 for a line or arguments that are wrong, 3 for a file, 4 for a desync."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

from game.core.errors import FileProblem, UsageError, printable
from game.core.file_guard import write_problem
from game.core.outcomes import ending
from game.core.paths import recordings_dir
from game.core.program import command
from game.engine.morgue import score
from game.engine.recorded_play import replay
from game.engine.recording_read import read_recording
from game.engine.saves import file_copy
from game.engine.seed_scores import (
    DamagedTable,
    SeedScore,
    add_entry,
    export_line,
    file_checksum,
    last_run,
    load_tables,
    parse_line,
    read_tables,
    read_tables_held,
    scores_path,
    tables_held,
)


def run_scores(args: Any) -> int:
    action = args.action or "show"
    if action != "import" and args.recording is not None:  # else dropped unsaid: nothing was checked
        raise UsageError("scores: --recording goes with import (scores import LINE --recording FILE)")
    if action == "import" and args.seed is not None:  # else dropped unsaid: the line names its own seed
        raise UsageError("scores import: --seed goes with the tables and export; the line names its own seed "
                         "(scores import LINE [--recording FILE])")
    if action == "show" and args.line is not None:
        raise UsageError(f"scores: unexpected {args.line!r} (scores [--seed N] | export | import LINE)")
    if action == "export" and args.line is not None:
        raise UsageError(f"scores export: unexpected {args.line!r} (scores export [--seed N])")
    if action in ("show", "export"):
        with tables_held(scores_path()):  # read as a whole: no run is filed between its reads
            say_damaged(read_tables(scores_path())[1])
            return show(args.seed) if action == "show" else export(args.seed)
    say_damaged(read_tables_held(scores_path())[1])
    if action == "import":
        if args.line is None:
            raise UsageError("scores import takes the line a friend exported: scores import LINE")
        try:
            return import_line(args.line, args.recording)
        except OSError as exc:  # a read-only or full data folder: one line, not an internal error
            where = printable(str(scores_path().parent))
            raise FileProblem(f"the score was not filed: {where} cannot be written ({write_problem(exc)})") from None
    raise UsageError(f"scores: unknown action {action!r} (scores [--seed N] | export | import LINE)")


def say_damaged(damaged: DamagedTable | None) -> None:
    """A table that could not be read is kept aside (under the writers' lock): said once, first."""
    if damaged is not None:
        print(printable(f"masterless: {damaged}"), file=sys.stderr)


def show(seed: int | None) -> int:
    tables = load_tables(scores_path())
    if seed is None:
        if not tables:
            print(f"No seeded runs yet: `{command('play', '--seed', 'N')}` or `play --daily YYYY-MM-DD` starts a race.")
            return 0
        print(f"{'seed':>12}  {'best':>5}  runs")
        for s, rows in sorted(tables.items()):
            print(f"{s:>12}  {rows[0].score:>5}  {len(rows)}")
        return 0
    rows = tables.get(seed, [])
    if not rows:
        print(f"No runs on seed {seed} yet.")
        return 0
    print(f"Seed {seed}")
    print(f"{'#':>3}  {'score':>5}  {'outcome':<10} {'floor':>5} {'turns':>6}  who")
    for rank, r in enumerate(rows, start=1):
        who = printable(r.heroes) or "a friend's party"  # names from a friend's recording: never raw escapes
        if r.source != "here":
            who += " [imported, replayed here]" if r.verified else " [imported, not checked]"
        turns = r.turns if r.source == "here" else r.turns or "-"  # a run here may end on turn 0; a line may not say
        outcome = ending(r.outcome).short if r.outcome else "-"  # in the high scores' words
        print(f"{rank:>3}  {r.score:>5}  {outcome:<10} {r.floor or '-':>5} {turns:>6}  {who}")
        if r.recording:
            print(f"{'':>12}replay {printable(r.recording)}")
    return 0


def export(seed: int | None) -> int:
    tables = load_tables(scores_path())
    own = [r for rows in tables.values() for r in rows if r.source == "here"]
    if seed is not None:
        own = [r for r in own if r.seed == seed]
    else:
        last = last_run(scores_path())
        own = [r for r in own if last is not None and (r.seed, r.checksum) == last]
    if not own:
        where = f" on seed {seed}" if seed is not None else ""
        raise UsageError(f"no run played here{where} to export: only a run on a chosen seed (play --seed N, "
                         "play --daily, or a seed typed on New game) goes into the seed tables")
    print(export_line(own[0]))  # best first
    return 0


def import_line(text: str, recording: str | None) -> int:
    entry = parse_line(text)
    kept = _kept(entry)
    if kept is not None:  # played here, or already replayed: what the table holds is what to say
        rank, _ = add_entry(scores_path(), kept)
        how = "played here" if kept.source == "here" else "verified by replaying its recording"
        print(f"Already had: seed {kept.seed}, score {kept.score}, {how}; #{rank} on that seed.")
        if recording is not None:
            print(f"{printable(recording)} was not needed: the table already holds that run checked.")
        if kept.recording:
            print(f"Watch how it was done: {command('replay', kept.recording)}")
        return 0
    if recording is not None:
        entry = _checked(entry, recording)
    rank, new = add_entry(scores_path(), entry)
    state = "verified by replaying its recording" if entry.verified else "not checked (no recording given)"
    # A line imported before unchecked and checked now is no longer what the table "already had"
    done = "Imported" if new else "Checked" if entry.verified else "Already had"
    print(f"{done}: seed {entry.seed}, score {entry.score}, {state}; #{rank} on that seed.")
    if entry.verified:
        print(f"Watch how it was done: {command('replay', entry.recording)}")
    else:
        print(f"Ask for the recording (its checksum is {entry.checksum}) and import the line again with "
              f"--recording FILE to check it; `{command('replay', 'FILE')}` plays it.")
    return 0


def _kept(entry: SeedScore) -> SeedScore | None:
    """The table's row for the same run when no import can better it (the run was played here,
    or its recording was already replayed here): importing it again copies nothing."""
    rows = read_tables_held(scores_path())[0].get(entry.seed, [])
    same = next((r for r in rows if r.checksum == entry.checksum), None)
    return same if same is not None and (same.source == "here" or same.verified) else None


def _checked(entry: SeedScore, recording: str) -> SeedScore:
    """The entry, once its recording is shown to be that run (see the module docstring)."""
    if file_checksum(recording) != entry.checksum:
        raise FileProblem(f"{recording}: is not the recording this score line names (its checksum differs)")
    rec = read_recording(recording)
    if rec.header.seed != entry.seed:
        raise FileProblem(f"{recording}: is a run on seed {rec.header.seed}, not {entry.seed}")
    game = replay(rec)  # ReplayDesync (exit 4) if it does not play the same here
    try:
        scored, outcome, floor, turns = score(game), game.outcome or game.phase, game.stats.deepest_floor, game.turn
        heroes = ", ".join(game.name(e) for e, _ in game.heroes(living=False))[:120]
    finally:
        game.close()
    if scored != entry.score:
        raise FileProblem(f"{recording}: replayed here it scores {scored}, not the {entry.score} the line claims")
    target = recordings_dir() / f"seed-{entry.seed}-{entry.checksum}.mlrec"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        file_copy(recording, target)
    except OSError as exc:  # the folder it goes in, not the data folder (which may be fine)
        raise FileProblem(f"the score was not filed: its recording could not be kept in "
                          f"{printable(str(target.parent))} ({write_problem(exc)})") from None
    return replace(entry, outcome=outcome, floor=floor, turns=turns, heroes=heroes, recording=str(target),
                   verified=True)
