"""The one-way layers of DESIGN.md §5, checked over the source as text (AST), so a wrong arrow
fails here before it tangles the code: every import, at module or function level, must point to
its own layer or one below, and no two modules may reach each other through imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"

# Bottom to top. A module may import from its own layer and any layer listed before it.
LAYERS = ("core", "rules", "world", "mapgen", "designers", "engine", "agents", "ui", "commands",
          "benchmarks", "cli")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(GAME.rglob("*.py"))}


def imported_modules(name: str, tree: ast.AST) -> list[tuple[str, int]]:
    """Every `game.*` module that `name` imports (a package's `from pkg import mod` names the
    module, not the package), with the line of the import."""
    is_package = MODULES[name].name == "__init__.py"
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names if a.name.startswith("game")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                target = ".".join(package + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("game"):
                continue
            for alias in node.names:
                full = f"{target}.{alias.name}"
                out.append((full if full in MODULES else target, node.lineno))
    return out


def layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "game"


def string_imports(tree: ast.AST) -> list[int]:
    """Lines that load a module by a string (importlib.import_module, __import__)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__"):
                lines.append(node.lineno)
    return lines


GRAPH = {name: imported_modules(name, ast.parse(path.read_text())) for name, path in MODULES.items()}


def test_every_package_of_game_has_a_layer() -> None:
    packages = {layer(n) for n in MODULES} - {"game"}
    assert packages <= set(LAYERS), f"unlayered packages: {sorted(packages - set(LAYERS))}"


def test_imports_only_point_down_the_layers() -> None:
    wrong = []
    for name, imports in GRAPH.items():
        if layer(name) == "game":
            continue
        rank = LAYERS.index(layer(name))
        for target, line in imports:
            if layer(target) == "game":
                if target != "game":
                    wrong.append(f"{name}:{line} imports {target} (a module outside every layer)")
                continue
            if LAYERS.index(layer(target)) > rank:
                wrong.append(f"{name}:{line} ({layer(name)}) imports {target} ({layer(target)})")
    assert not wrong, "imports running up the layers:\n" + "\n".join(wrong)


def test_no_module_is_loaded_by_a_string() -> None:
    found = [f"{name}:{line}" for name, path in MODULES.items() for line in string_imports(ast.parse(path.read_text()))]
    assert not found, "modules loaded by a string: " + ", ".join(found)


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of `graph`, or None (iterative depth-first search, colours)."""
    colour = dict.fromkeys(graph, 0)
    for start in sorted(graph):
        if colour[start]:
            continue
        stack = [(start, iter(sorted(graph[start])))]
        path = [start]
        colour[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                colour[node] = 2
                stack.pop()
                path.pop()
            elif colour.get(child) == 1:
                return path[path.index(child):] + [child]
            elif colour.get(child) == 0:
                colour[child] = 1
                path.append(child)
                stack.append((child, iter(sorted(graph[child]))))
    return None


def module_graph() -> dict[str, set[str]]:
    # A module's import of its own package's __init__ is how Python loads it, not a dependency.
    return {name: {t for t, _ in imports if t in MODULES and not name.startswith(t + ".") and t != name}
            for name, imports in GRAPH.items()}


def test_no_import_cycles() -> None:
    cycle = find_cycle(module_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("graph, expected", [
    ({"a": {"b"}, "b": {"a"}}, ["a", "b", "a"]),
    ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
    ({"a": {"b"}, "b": {"c"}, "c": {"b"}}, ["b", "c", "b"]),
])
def test_the_cycle_finder_finds_cycles(graph: dict[str, set[str]], expected: list[str] | None) -> None:
    assert find_cycle(graph) == expected


def test_the_layer_check_reads_function_level_imports() -> None:
    tree = ast.parse("def f():\n    from game.ui.app import run\n")
    MODULES.setdefault("game.rules.probe", ROOT / "game/rules/__init__.py")
    try:
        assert imported_modules("game.rules.probe", tree) == [("game.ui.app", 2)]
    finally:
        del MODULES["game.rules.probe"]


def test_no_two_modules_share_a_basename() -> None:
    seen: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        if path.name != "__init__.py":
            seen.setdefault(path.name, []).append(name)
    shared = {base: names for base, names in seen.items() if len(names) > 1}
    assert not shared, f"modules sharing a file name: {shared}"


def test_an_import_inside_a_function_says_why() -> None:
    """Imports belong at the top; one inside a function is there for start-up time or an optional
    extra, and says so on its line."""
    silent = []
    for name, path in MODULES.items():
        source = path.read_text()
        lines = source.splitlines()
        for func in ast.walk(ast.parse(source)):
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(func):
                    if isinstance(node, (ast.Import, ast.ImportFrom)) and "#" not in lines[node.lineno - 1]:
                        silent.append(f"{name}:{node.lineno}")
    assert not silent, "imports inside functions without a reason: " + ", ".join(silent)
