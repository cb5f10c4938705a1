"""Writing designs (issue 18): a design as the TOML file a person reads, edits and shares, and a
room builder's purchases turned into a design and saved. Hand-formatted: the format is flat and
small, and the game adds no dependency to write it (tomllib reads it back, in design_files)."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.core.paths import atomic_write
from game.designers.design_files import (
    CATEGORIES,
    NAME_LIMIT,
    DesignProblem,
    DesignTrap,
    DesignTreasure,
    SavedDesign,
    design_to_data,
    read_design,
)
from game.mapgen.plan import Spot


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return json.dumps(str(v), ensure_ascii=False)  # a JSON string is a TOML basic string


def design_text(design: SavedDesign) -> str:
    """The design as a TOML file a person can read and edit, each category's price in a comment."""
    data = design_to_data(design)
    lines = ["# A Masterless room design. The rules price and check it again whenever it is loaded;",
             "# a designer draws it only for a room whose budget for that category is exactly its cost."]
    lines += [f"{k} = {_value(data[k])}" for k in ("name", "by", "about") if k in data]
    for category in CATEGORIES:
        if category not in data:
            continue
        lines += ["", f"# {category}: {design.cost(category)} points"]
        for piece in data[category]:
            lines.append(f"[[{category}]]")
            lines += [f"{k} = {_value(v)}" for k, v in piece.items() if k != "abilities"]
            for ability in piece.get("abilities", []):
                lines.append("[[monsters.abilities]]")
                lines += [f"{k} = {_value(v)}" for k, v in ability.items()]
            lines.append("")
        lines.pop()
    return "\n".join(lines) + "\n"


def file_stem(name: str) -> str:
    """A file name for a design called `name`: letters, digits and dashes."""
    stem = "".join(c.lower() if c.isalnum() else "-" for c in name.replace("'", "")).strip("-")
    while "--" in stem:
        stem = stem.replace("--", "-")
    return stem or "design"


def names_in(folder: Path) -> set[str]:
    """The names of the designs in `folder` (as `--designs` reads them: `*.toml`), for a new one
    to be named apart: `--designs` refuses a folder where two designs have one name. A file that
    cannot be read as a design names nothing here (`--designs` says what is wrong with it)."""
    try:
        files = [folder / n for n in os.listdir(folder) if n.endswith(".toml")]
    except OSError:
        return set()
    names = set()
    for path in files:
        try:
            names.add(read_design(path).name)
        except (DesignProblem, OSError):
            continue
    return names


def free_name(name: str, taken: set[str]) -> str:
    """`name`, or the first of "name (2)", "name (3)"... not in `taken`, within NAME_LIMIT."""
    base = candidate = name[:NAME_LIMIT]
    n = 2
    while candidate in taken:
        suffix = f" ({n})"
        candidate = base[:NAME_LIMIT - len(suffix)].rstrip() + suffix
        n += 1
    return candidate


def design_from_build(name: str, category: str, purchases: Sequence[Any], spots: Sequence[Spot],
                      by: str = "") -> SavedDesign:
    """A room builder's purchases (`builder.Purchase`: a trap on a spot index, an item in one or
    in the open) as a design of that one category. The spots become what springs each trap and
    whether each item is hidden; the rest is the purchase itself."""
    pieces: list[Any] = []
    for p in purchases:
        if category == "traps":
            spot = spots[p.spot]
            pieces.append(DesignTrap(p.item, spot.action, spot.host))
        elif category == "monsters":
            pieces.append(p.item)
        else:
            pieces.append(DesignTreasure(p.item, p.spot != -1))
    return SavedDesign(name[:NAME_LIMIT], **{category: tuple(pieces)}, by=by[:NAME_LIMIT])


def write_design(design: SavedDesign, folder: Path) -> Path:
    """Write `design` into `folder` as a new file named after it (never over another one, nor
    through a link that points nowhere: it would be written wherever the link points)."""
    stem = file_stem(design.name)
    path = folder / f"{stem}.toml"
    n = 2
    while path.exists() or path.is_symlink():
        path = folder / f"{stem}-{n}.toml"
        n += 1
    atomic_write(path, design_text(design).encode("utf-8"), shared=True)
    return path
