"""`python main.py balance` from the command line: tables, --json, compare, --plot, and one-line
errors with the exit codes of DESIGN.md §6."""

from __future__ import annotations

import json
import socket

import pytest

from game import cli


def balance(tmp_path, name: str, *extra: str) -> dict:
    path = tmp_path / name
    code = cli.main(["balance", "--seeds", "5-8", "--max-turns", "120", "--workers", "1", "--json", str(path),
                     *extra])
    assert code == 0
    return json.loads(path.read_text())


def test_balance_prints_the_tables_and_writes_runs_in_seed_order(tmp_path, capsys):
    data = balance(tmp_path, "a.json", "--seats", "ai+hero,ai:tyrant", "--seats", "ai+hero,ai:swarm")
    out, err = capsys.readouterr()
    for heading in ("endings (95% Wilson interval)", "per floor", "never left the entrance floor",
                    "damage by source", "quests offered",
                    "per designer personality", "per seat mix"):
        assert heading in out
    assert "  level (0: wiped)  median" in out  # a wiped run's level is 0: said where it pulls the low end down
    assert "balance: 8/8 runs" in err  # stderr is not a terminal here: plain lines, no bar
    assert [r["seed"] for r in data["runs"]] == [5, 5, 6, 6, 7, 7, 8, 8]
    assert data["run_seats"][:2] == ["ai+hero,ai:tyrant", "ai+hero,ai:swarm"]
    named = {"tyrant", "swarm"}  # and the ai+hero seat's own, drawn from each seed as autoplay plays it
    assert data["aggregates"]["runs"] == 8 and named <= set(data["aggregates"]["personalities"])
    assert data["aggregates"]["personalities"]["tyrant"]["runs"] == 4
    assert data["settings"]["finished"] == 8 and not data["settings"]["interrupted"]


def test_compare_reads_two_batches_and_says_measure_by_measure(tmp_path, capsys):
    balance(tmp_path, "a.json")
    balance(tmp_path, "b.json", "--dial", "die=4")
    capsys.readouterr()
    assert cli.main(["balance", "compare", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    out = capsys.readouterr().out
    assert "ending wiped" in out and "rooms (median)" in out and "stayed on entrance floor" in out
    assert "measures tested differ at p < 0.05" in out


@pytest.mark.parametrize("argv, code, words", [
    (["balance"], 2, "--seeds"),
    (["balance", "--seeds", "9-3"], 2, "--seeds"),
    (["balance", "--seeds", "1-2", "--seats", "ai,ai"], 2, "hero"),
    (["balance", "--seeds", "1-2", "--workers", "0"], 2, "--workers"),
    (["balance", "--seeds", "1-2", "--plot", "x.pdf"], 2, ".png"),
    # each of these once went on: playing every run twice, losing the batch under its chart,
    # running locally or ignoring an option without a word
    (["balance", "--seeds", "1-2", "--seats", "ai+hero,ai", "--seats", "AI+HERO, ai"], 2, "same seat mix"),
    (["balance", "--seeds", "1-2", "--json", "same.png", "--plot", "same.png"], 2, "same file"),
    (["balance", "--seeds", "1-2", "--cluster", ""], 2, "--cluster is empty"),
    (["balance", "--seeds", "1-2", "--cluster", "tcp://127.0.0.1:1", "--workers", "2"], 2, "one or the other"),
    (["balance", "--seeds", ""], 2, "--seeds is empty"),
    (["balance", "compare", "only-one.json"], 2, "compare"),
    (["balance", "compare", "missing-a.json", "missing-b.json"], 3, "missing-a.json"),
])
def test_usage_and_file_errors_are_one_line(argv, code, words, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert cli.main(argv) == code
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0]


def test_compare_refuses_a_file_that_is_not_a_batch(tmp_path, capsys):
    (tmp_path / "a.json").write_text('{"runs": 3}')
    assert cli.main(["balance", "compare", str(tmp_path / "a.json"), str(tmp_path / "a.json")]) == 3
    assert "no runs" in capsys.readouterr().err


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_plot_writes_the_charts(tmp_path, suffix, magic):
    pytest.importorskip("matplotlib")
    plot = tmp_path / f"charts{suffix}"
    balance(tmp_path, "a.json", "--plot", str(plot))
    assert plot.read_bytes().startswith(magic)


def without(monkeypatch, package: str) -> None:
    """Make `import package` fail, as on a machine without the optional extra."""
    import builtins

    real_import = builtins.__import__

    def refuse(name, *args, **kwargs):
        if name.split(".")[0] == package:
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", refuse)


def test_plot_without_matplotlib_is_one_line_before_any_run(tmp_path, capsys, monkeypatch):
    without(monkeypatch, "matplotlib")
    assert cli.main(["balance", "--seeds", "1-2", "--plot", str(tmp_path / "c.png")]) == 2
    out, err = capsys.readouterr()
    assert "pip install -e '.[lab]'" in err and "runs" not in out


def test_a_json_or_plot_file_that_cannot_be_written_is_one_line_before_any_run(tmp_path, capsys):
    """The batch ran for minutes and only then found --json could not be written: its runs were
    lost. The files are now tried first, as `autoplay --record` is."""
    for flag, target, why in (("--json", tmp_path / "no" / "dir" / "b.json", "does not exist"),
                              ("--json", tmp_path, "is a directory"),
                              ("--plot", tmp_path / "no" / "c.png", "does not exist")):
        assert cli.main(["balance", "--seeds", "1-2", "--workers", "1", flag, str(target)]) == 3
        out, err = capsys.readouterr()
        assert err.strip().splitlines() == [err.strip()] and err.startswith(f"masterless: {flag}: ") and why in err
        assert "runs" not in out


def test_json_never_writes_over_a_file_that_is_no_batch(tmp_path, capsys):
    """`balance --json notes.txt` replaced the notes with the batch, unasked: a file there already
    is refused in one line unless an earlier `balance --json` wrote it, which is written over."""
    for content in ("my notes\n", '{"runs": []}\n', "[1, 2]\n"):
        notes = tmp_path / "notes.txt"
        notes.write_text(content)
        assert cli.main(["balance", "--seeds", "1-2", "--max-turns", "5", "--workers", "1",
                         "--json", str(notes)]) == 3
        out, err = capsys.readouterr()
        assert err.strip() == f"masterless: --json: {notes} is there already and is no balance batch (a JSON with " \
                              "runs and aggregates): name a new file, or remove it first", err
        assert notes.read_text() == content and "runs" not in out
    first = balance(tmp_path, "again.json")
    assert balance(tmp_path, "again.json", "--seats", "ai+hero,ai:tyrant") != first  # the earlier batch, replaced


def test_cluster_without_dask_is_one_line_before_any_run(capsys, monkeypatch):
    without(monkeypatch, "distributed")
    assert cli.main(["balance", "--seeds", "1-2", "--cluster", "tcp://127.0.0.1:8786"]) == 2
    out, err = capsys.readouterr()
    assert err.strip().splitlines()[-1] == "masterless: --cluster needs Dask: pip install -e '.[cluster]'"
    assert "runs" not in out


def test_a_cluster_address_that_is_no_address_is_a_usage_error(capsys):
    """`--cluster nonsense` exited 1, as an unreachable scheduler does: it was a mistyped command
    line, where nothing was tried. It now exits 2, saying what an address looks like."""
    pytest.importorskip("distributed")
    assert cli.main(["balance", "--seeds", "1-2", "--cluster", "nonsense"]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("masterless: --cluster takes a scheduler's address, as tcp://")
    assert "runs" not in out


def test_a_scheduler_out_of_reach_is_one_line_and_exit_1(capsys, monkeypatch):
    """A scheduler nobody answers at: the batch cannot run (exit 1, as the README says), and the
    line says where it looked, never a traceback from Dask."""
    pytest.importorskip("distributed")
    from game.agents import batch_runs

    monkeypatch.setattr(batch_runs, "CONNECT_TIMEOUT", "1s")
    with socket.socket() as free:  # a port nothing listens on: bound, then let go
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    assert cli.main(["balance", "--seeds", "1-2", "--cluster", f"tcp://127.0.0.1:{port}"]) == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"masterless: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: "), lines


def test_the_endings_chart_shows_every_stack_whole():
    """A floor whose runs all ended one way but one (37 quests, 2 retired) had its stack cut at the
    axis' top: the endings absent there are bars of no height stacked at its top, and matplotlib
    took that top for the edge of the chart."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from game.commands.balance_charts import endings_by_floor

    fig, ax = plt.subplots()
    try:
        endings_by_floor(ax, {"2": {"quest": 1, "wiped": 2}, "5": {"quest": 37, "retired": 2}})
        assert ax.get_ylim()[1] > 39
    finally:
        plt.close(fig)


def test_with_no_personality_named_the_runs_are_told_per_personality_drawn_from_the_seed(tmp_path, capsys):
    """Every AI seat that names none designs as a personality drawn from the seed (as autoplay
    plays it): the per-personality table and chart were empty for the usual `--seats ai+hero,ai`."""
    from game.commands.balance_stats import personalities_of
    from game.core.seats import drawn_personalities

    data = balance(tmp_path, "d.json", "--seats", "ai+hero,ai")
    drawn = {seed: personalities_of(drawn_personalities("ai+hero,ai", seed)) for seed in range(5, 9)}
    per = data["aggregates"]["personalities"]
    assert set(per) == {name for names in drawn.values() for name in names}
    for name, row in per.items():
        assert row["runs"] == sum(name in names for names in drawn.values())
    assert "per designer personality" in capsys.readouterr().out


def test_the_endings_chart_gives_every_floor_its_place_and_counts_whole_runs():
    """Floors 2, 4 and 5 stood side by side as if they were one apart (floor 3, where no run
    ended, had no place), and the runs axis was ticked 2.5, 7.5, 12.5."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from game.commands.balance_charts import endings_by_floor

    fig, ax = plt.subplots()
    try:
        endings_by_floor(ax, {"2": {"retired": 1}, "4": {"quest": 2, "wiped": 1}, "5": {"quest": 15}})
        fig.canvas.draw()
        floors = [label.get_text() for label in ax.get_xticklabels()]
        runs = [label.get_text() for label in ax.get_yticklabels()]
        bars = {round(bar.get_x() + bar.get_width() / 2): bar.get_height() for bar in ax.patches if bar.get_height()}
    finally:
        plt.close(fig)
    assert floors == ["2", "3", "4", "5"]
    assert bars[5] == 15 and bars[2] == 1 and 3 not in bars
    assert runs and all(text.lstrip("\u2212-").isdigit() for text in runs), runs


def test_compare_tells_how_the_batches_were_made_when_they_differ(tmp_path, capsys):
    """Two seat mixes, two dials and a batch stopped early were compared with no word of it, and
    a batch of older rules could not be told apart: the file recorded no rules version."""
    from game.engine.game import RULES_VERSION

    a = balance(tmp_path, "a.json")
    balance(tmp_path, "b.json", "--dial", "die=4", "--seats", "ai+hero,ai:tyrant")
    assert a["settings"]["rules_version"] == RULES_VERSION
    capsys.readouterr()
    assert cli.main(["balance", "compare", str(tmp_path / "a.json"), str(tmp_path / "a.json")]) == 0
    assert "note:" not in capsys.readouterr().out  # the same making: nothing to say
    older = {**a, "settings": {**a["settings"], "interrupted": True, "stopped": "stopped by Ctrl-C",
                               "finished": 4, "requested": 9}}
    del older["settings"]["rules_version"]
    (tmp_path / "old.json").write_text(json.dumps(older))
    assert cli.main(["balance", "compare", str(tmp_path / "old.json"), str(tmp_path / "b.json")]) == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if line.startswith("note: ")]
    assert notes == [
        f"note: A was played under no rules version (an older batch), B under rules version {RULES_VERSION}; "
        f"this game's rules are version {RULES_VERSION}",
        "note: the batches differ in seats: A ai+hero,ai+hero,ai, B ai+hero,ai:tyrant",
        "note: the batches differ in dials: A die=6, B die=4",
        "note: A stopped before its end: 4 of 9 runs (stopped by Ctrl-C)",
    ]


@pytest.mark.parametrize("damage, what", [
    ({"floor": 99999999}, "floor from 1 to 999"),  # compare walked every floor up to it: hung
    ({"turns": float("nan")}, "turns"),  # moved the median of turns where no run went
    ({"rooms": float("inf")}, "rooms"),
    ({"deaths_by": [1, 2]}, "deaths_by by source"),
    ({"damage": {"traps": "lots"}}, "damage by source"),
])
def test_compare_refuses_a_batch_with_an_unsound_run(damage, what, tmp_path, capsys):
    good = balance(tmp_path, "a.json")
    bad = {**good, "runs": [good["runs"][0], {**good["runs"][1], **damage}, *good["runs"][2:]]}
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    capsys.readouterr()
    assert cli.main(["balance", "compare", str(tmp_path / "a.json"), str(tmp_path / "bad.json")]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"run 2 has no {what} (a damaged batch" in err[0]


def drawn_ticks(draw, data, axis: str) -> tuple[list[str], tuple[float, float]]:
    """The tick labels matplotlib shows on one axis of a chart drawn by `draw`, and its limits."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    try:
        draw(ax, data)
        fig.canvas.draw()
        low, high = ax.get_xlim() if axis == "x" else ax.get_ylim()
        ticks = ax.get_xticks() if axis == "x" else ax.get_yticks()
        shown = [label.get_text() for label, at in zip(ax.get_xticklabels() if axis == "x" else ax.get_yticklabels(),
                                                       ticks, strict=True) if low <= at <= high]
    finally:
        plt.close(fig)
    return shown, (low, high)


@pytest.mark.parametrize("data", [{"0": 20}, {"0": 3, "1": 5, "2": 9, "3": 4, "4": 2, "5": 1}, {"7": 2, "8": 1}])
def test_the_rooms_chart_is_ticked_at_whole_rooms_never_below_0(data):
    """Rooms 0 to 5 were ticked 0.0, 2.5, 5.0 ("2.5 rooms"), and a batch where no run entered a
    room had its axis run -0.4 to 0.4 (negative rooms)."""
    from game.commands.balance_charts import rooms

    shown, (low, high) = drawn_ticks(rooms, data, "x")
    assert shown and all(text.isdigit() for text in shown), shown
    assert set(data) <= set(shown)
    assert low >= min(map(int, data)) - 0.5 and high <= max(map(int, data)) + 0.5


@pytest.mark.parametrize("totals", [{"traps": 0, "monsters": 0}, {"traps": 7, "monsters": 2}])
def test_the_damage_chart_counts_whole_hits_from_0(totals):
    """With no hit lost the damage axis ran -0.04 to 0.04: negative, fractional hits."""
    from game.commands.balance_charts import damage

    shown, (low, _) = drawn_ticks(damage, {source: {"total": n} for source, n in totals.items()}, "x")
    assert low == 0 and shown and all(text.isdigit() for text in shown), shown


def test_the_chart_subtitle_says_every_setting_that_shapes_the_runs(tmp_path, monkeypatch):
    """The subtitle left out --max-turns (most runs of a short batch end at the limit, and a chart
    passed round alone did not say so) and showed dials as typed, not as played."""
    pytest.importorskip("matplotlib")
    from game.commands import balance_charts

    said = []
    monkeypatch.setattr(balance_charts, "draw_charts", lambda agg, path, about="": said.append(about))
    assert cli.main(["balance", "--seeds", "1-2", "--workers", "1", "--max-turns", "3", "--level", "4",
                     "--dial", "die=d8", "--dial", "morale=OFF", "--plot", str(tmp_path / "c.png")]) == 0
    assert said == ["seeds 1-2, seats ai+hero,ai+hero,ai, level 4, max turns 3, dials die=8 morale=off"]


def test_a_chart_of_one_run_is_titled_one_run(tmp_path, monkeypatch):
    """The chart of a one-seed batch was titled 'Masterless balance: 1 runs'."""
    matplotlib = pytest.importorskip("matplotlib")
    monkeypatch.setitem(matplotlib.rcParams, "svg.fonttype", "none")  # the words as text, not as shapes
    chart = tmp_path / "c.svg"
    assert cli.main(["balance", "--seeds", "1-1", "--workers", "1", "--max-turns", "3", "--plot", str(chart)]) == 0
    assert ">Masterless balance: 1 run<" in chart.read_text()
