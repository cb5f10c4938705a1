"""`balance --plot FILE`: the charts a designer would rather look at than read (endings by floor,
rooms entered, damage by source, per personality), drawn from the aggregates with matplotlib,
an optional extra (`pip install -e '.[lab]'`)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from game.core.errors import FileProblem, UsageError, printable
from game.core.file_guard import write_problem
from game.core.paths import atomic_write
from game.core.sentences import plural

ENDING_COLOURS = {"quest": "#3a9d5d", "retired": "#4a7fc1", "wiped": "#c94a4a", "turn_limit": "#999999"}


def require_matplotlib() -> Any:
    """pyplot on a file-only backend, or a one-line UsageError before any run is played."""
    try:
        import matplotlib  # the optional extra .[lab]; imported here, not at start-up

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # an optional extra (.[lab]), loaded only to draw
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install -e '.[lab]'") from None
    return plt


def draw_charts(agg: dict[str, Any], path: Path, about: str = "") -> None:
    """Write four charts into one .png or .svg file at `path`, `about` (the batch's settings)
    under the title: a chart passed round on its own says what was played."""
    plt = require_matplotlib()
    fig, axes = plt.subplots(2, 2, figsize=(12, 8))
    endings_by_floor(axes[0][0], agg["endings_by_floor"])
    rooms(axes[0][1], agg["rooms_histogram"])
    damage(axes[1][0], agg["damage"])
    if agg["personalities"]:
        groups(axes[1][1], agg["personalities"], "per personality")
    else:
        groups(axes[1][1], agg["seats"], "per seat mix")
    fig.suptitle(f"Masterless balance: {plural(agg['runs'], 'run')}" + (f"\n{about}" if about else ""))
    fig.tight_layout()
    kind = path.suffix.lower().lstrip(".")
    drawn = io.BytesIO()
    try:  # a fixed date keeps an .svg the same bytes for the same runs
        fig.savefig(drawn, format=kind, metadata={"Date": None} if kind == "svg" else None)
    finally:
        plt.close(fig)
    try:  # drawn whole first, then written atomically: a full disk leaves an earlier chart whole
        atomic_write(path, drawn.getvalue(), shared=True)
    except OSError as exc:
        raise FileProblem(f"cannot write {printable(str(path))}: {write_problem(exc)}") from None


def whole_numbers(axis: Any) -> None:
    """Ticks on whole numbers only, even over a range of one: an axis of counts (runs, rooms,
    hits) read "2.5 rooms" at 2.5, and ran -0.4 to 0.4 when every count was 0."""
    from matplotlib.ticker import MaxNLocator  # the optional extra, loaded by require_matplotlib

    axis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))


def whole_runs(ax: Any) -> None:
    """Ticks on whole numbers of runs: an axis of counts read "2.5 runs" at 2.5."""
    whole_numbers(ax.yaxis)


def endings_by_floor(ax: Any, data: dict[str, dict[str, int]]) -> None:
    """Every floor from the shallowest to the deepest has its place, an empty one too: the floors
    set side by side as names read 2, 4, 5 as if floor 3 came between none."""
    numbers = [int(f) for f in data]
    floors = list(range(min(numbers), max(numbers) + 1)) if numbers else []
    outcomes = sorted({o for row in data.values() for o in row}, key=lambda o: (o not in ENDING_COLOURS, o))
    bottom = [0] * len(floors)
    for outcome in outcomes:
        counts = [data.get(str(f), {}).get(outcome, 0) for f in floors]
        ax.bar(floors, counts, bottom=bottom, label=outcome.replace("_", " "), color=ENDING_COLOURS.get(outcome))
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    ax.set_title("endings by deepest floor")
    ax.set_xlabel("deepest floor")
    ax.set_xticks(floors)
    ax.set_ylabel("runs")
    whole_runs(ax)
    # set, not autoscaled: a zero-height bar stacked on the tallest is a sticky edge at its top,
    # which cut the axis there (the top of the tallest stack lost); headroom for the legend too
    ax.set_ylim(0, max(bottom, default=0) * 1.25 + 1)
    if outcomes:
        ax.legend()


def rooms(ax: Any, data: dict[str, int]) -> None:
    """Runs by rooms entered: a bar per whole number of rooms, the axis half a bar either side
    of them and ticked at whole rooms, so no tick says a negative or a fraction of a room."""
    counts = [int(k) for k in data]
    ax.bar(counts, list(data.values()), color="#6b6bb3")
    ax.set_title("rooms entered")
    ax.set_xlabel("rooms")
    ax.set_ylabel("runs")
    whole_numbers(ax.xaxis)
    ax.set_xlim(min(counts, default=0) - 0.5, max(counts, default=0) + 0.5)
    whole_runs(ax)


def damage(ax: Any, data: dict[str, Any] | None) -> None:
    ax.set_title("damage by source (hits lost, total)")
    if data is None:
        ax.text(0.5, 0.5, "n/a: the runs do not report damage", ha="center", va="center")
        ax.set_axis_off()
        return
    totals = [s["total"] for s in data.values()]
    ax.barh(list(data), totals, color="#c98a4a")
    ax.invert_yaxis()
    # hits are whole and never below 0: with none lost the axis ran -0.04 to 0.04
    whole_numbers(ax.xaxis)
    ax.set_xlim(0, max(max(totals, default=0) * 1.05, 1))
    if not any(totals):
        ax.text(0.5, 0.5, "no hits lost", ha="center", va="center", transform=ax.transAxes)


def groups(ax: Any, rows: dict[str, Any], what: str) -> None:
    """Quest and wipe rates with their 95 % intervals, per personality (or per seat mix)."""
    ax.set_title(f"{what}: quest and wipe rates (95%)")
    names = list(rows)
    for shift, ending in ((-0.2, "quest"), (0.2, "wiped")):
        rates = [rows[n]["endings"][ending] for n in names]
        xs = [i + shift for i in range(len(names))]
        errors = [[p["rate"] - p["low"] for p in rates], [p["high"] - p["rate"] for p in rates]]
        ax.bar(xs, [p["rate"] for p in rates], width=0.4, yerr=errors, label=ending,
               color=ENDING_COLOURS[ending], capsize=3)
    ax.set_xticks(range(len(names)), names, rotation=15, fontsize=8)
    ax.set_ylim(0, 1.2)  # rates, with a band above 1 for the legend (it hid a bar)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.legend(loc="upper center", ncol=2)
