"""The balance lab's printed tables: the aggregates of `balance_stats` and the verdicts of
`balance_compare` as text a designer reads top to bottom. Absent measures print "n/a"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def interval(p: dict[str, Any]) -> str:
    """`23.4% [20.1%, 27.0%] 234/1000` for a proportion record."""
    return f"{pct(p['rate'])} [{pct(p['low']).strip()}, {pct(p['high']).strip()}] {p['count']}/{p['of']}"


def label(key: str) -> str:
    """A summary field as the tables print it: `treasure_found` reads "treasure found"; the level
    says that a wiped run's is 0 (no hero lives to have one), which pulls its low end down."""
    words = key.replace("_", " ")
    return "level (0: wiped)" + words[len("level"):] if words == "level" or words.startswith("level (") else words


def num(x: float | None) -> str:
    if x is None:
        return "-"
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def two_places(x: float) -> str:
    text = f"{x:.2f}"
    return "0.00" if text == "-0.00" else text  # a bound a hair below 0 is no negative count


def spread_line(name: str, s: dict[str, Any]) -> str:
    return (f"  {label(name):<17} median {num(s['median']):>6}  p10 {num(s['p10']):>6}  p90 {num(s['p90']):>6}"
            f"  mean {num(s['mean']):>7}  max {num(s['max']):>6}")


def source_table(title: str, data: dict[str, Any] | None) -> list[str]:
    if data is None:
        return [f"{title}: n/a (the runs' summaries do not report it)"]
    lines = [f"{title} (total, share, per run: mean / median / p90)"]
    for source, s in data.items():
        lines.append(f"  {source:<10} {num(s['total']):>8} {pct(s['share'])}   {num(s['mean']):>6} / "
                     f"{num(s['median']):>4} / {num(s['p90']):>4}")
    return lines


def group_lines(title: str, groups: dict[str, Any]) -> list[str]:
    lines = [title]
    for name, g in groups.items():
        ends = "  ".join(f"{label(e)} {pct(p['rate']).strip()}" for e, p in g["endings"].items() if p["count"])
        runs = "run " if g["runs"] == 1 else "runs"  # "1 run ", kept as wide as "runs" for the columns
        lines.append(f"  {name:<28} {g['runs']:>5} {runs}  rooms {num(g['rooms']['median']):>4}"
                     f"  floor {num(g['floor']['median']):>3}  {ends}")
    return lines


def aggregate_lines(agg: dict[str, Any]) -> list[str]:
    """Every table of one batch, in the order a designer asks: how runs end, how far they go,
    where they die, what hurts, quests, town, then per personality and seat mix."""
    out = [f"runs {agg['runs']}" + (f" ({agg['errors']} crashed: outcome 'error')" if agg["errors"] else ""), "",
           "endings (95% Wilson interval)"]
    out += [f"  {label(e):<11} {interval(p)}" for e, p in agg["endings"].items()]
    out += ["", "per run"]
    out += [spread_line(k, s) for k, s in agg["per_run"].items() if s["n"]]
    out += ["", "per floor (a wipe counts on the deepest floor reached)"]
    if agg.get("stayed_on_entrance_floor"):
        out.append(f"  never left the entrance floor  {interval(agg['stayed_on_entrance_floor'])}")
    first = next(iter(agg["floors"]), None)
    # The rows start at the shallowest floor a run ended on: said when that is below the entrance
    # (no run was ever above the entrance, so none "went deeper" than it)
    if first is not None and int(first) > (agg.get("entrance_floor") or 1):
        out.append(f"  above floor {first}: every run went deeper, so none was wiped there")
    for f, row in agg["floors"].items():
        out.append(f"  floor {f:>2}  reached {row['reached']:>6}  wiped {row['wiped']:>5}"
                   f"  wipe rate {interval(row['wipe_rate'])}")
    out += [""] + source_table("damage by source (hits lost)", agg["damage"])
    out += [""] + source_table("deaths by source", agg["deaths_by"])
    q = agg["quests"]
    out += ["", f"quests offered {q['offered']}, won {interval(q['won'])}"]
    out += [f"  {name:<28} offered {row['offered']:>5}  won {row['won']:>5}" for name, row in q["by_quest"].items()]
    town = agg["town"]
    if town is None:
        out += ["", "town use: n/a (the runs' summaries do not report it)"]
    else:
        out += ["", f"town used in {interval(town['used'])} of runs"]
        out += [spread_line(k, town[k]) for k in ("visits", "sold", "designed", "healed")]
    if agg["personalities"]:
        out += [""] + group_lines("per designer personality", agg["personalities"])
    if len(agg["seats"]) > 1:
        out += [""] + group_lines("per seat mix", agg["seats"])
    return out


def compare_lines(result: dict[str, dict[str, Any]], fmt: Callable[[float], str] | None = None) -> list[str]:
    """One line per measure: A and B with their intervals, the difference, p and the verdict (a
    measure too thin to test says why instead; a bound that cannot be had reads n/a)."""
    out = [f"{'measure':<28} {'A [95%]':>24} {'B [95%]':>24} {'A-B [95%]':>24} {'p':>8}  verdict"]
    for name, r in result.items():
        shown = pct if not name.endswith(("(median)", "(mean)")) else (fmt or num) if name.endswith("(median)") \
            else two_places

        def show(x: float | None, shown: Callable[[float], str] = shown) -> str:
            return "n/a" if x is None else shown(x).strip()

        a = show(r["a"]) + ("" if r["a"] is None else f" [{show(r['a_low'])}, {show(r['a_high'])}]")
        b = show(r["b"]) + ("" if r["b"] is None else f" [{show(r['b_low'])}, {show(r['b_high'])}]")
        diff = show(r["diff"])
        if "diff_low" in r:
            diff += f" [{show(r['diff_low'])}, {show(r['diff_high'])}]"
        p = "n/a" if r["p"] is None else f"{r['p']:.4f}"
        verdict = f"not tested: {r['why']}" if r["p"] is None else "DIFFERS" if r["differs"] else "same within chance"
        if "test" in r:
            verdict += f" ({r['test']})"
        out.append(f"{label(name):<28} {a:>24} {b:>24} {diff:>24} {p:>8}  {verdict}")
    tested = sum(1 for r in result.values() if r["p"] is not None)
    differing = sum(1 for r in result.values() if r["differs"])
    out.append(f"{differing} of {tested} measures tested differ at p < 0.05 "
               f"(about 1 in 20 would by chance alone when nothing changed)")
    out.append("rates: Fisher's exact test, Wilson and Newcombe intervals; (median): Mann-Whitney U (does one "
               "batch run larger?) and exact order-statistic intervals; (mean): Welch's t-test and t intervals "
               "(a count fewer than 10 runs have any of: Fisher's test of those runs)")
    return out
