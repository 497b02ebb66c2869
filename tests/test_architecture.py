"""The tree says the architecture: imports point one way down the layers, no module
imports itself back through others, and the pure layers are pure (docs/architecture.md).

    rules ← themes ← engine ← bots, wire ← hosts ← tools

Every import counts: at the top of a module, inside a function (a "lazy" import) or under
`TYPE_CHECKING`. The graph is read from the source with `ast`, so nothing is imported here.

Pure (rules/, themes/, engine/): no I/O, no clock, no process-wide state. What varies between
processes (the theme content) arrives as an argument (`dealing.Deck`, which keeps what is
worth keeping, the pools included); what a room keeps lives in the `Room` the engine returns.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

# Each folder of `undercover/` and its layer: a module may import its own folder and any
# lower layer, never a higher one nor another folder of its own layer. A new folder must be
# placed here (test_every_folder_has_a_layer); one listed but absent is simply not checked.
LAYERS: dict[str, int] = {
    "rules": 0,  # the game's rules: pure functions over immutable values
    "themes": 1,  # the word content and the pure selection of pairs
    "engine": 2,  # the room: a pure state machine and the one exit, view_for
    "bots": 3,  # the bots' brain: a move from a seat's view alone
    "wire": 3,  # the protocol: messages, codes, codec, frames
    "hosts": 4,  # adapters: the shared runner, the store, routes, limits, the self-host
    "tools": 5,  # simulators, benches, load tests: never imported by the product
}
# The Cloudflare Worker's own modules, beside the package: part of the hosts.
TOP_LEVEL: dict[str, str] = {"entry": "hosts"}
PURE = ("rules", "themes", "engine")
# The themes' files side: it reads and writes the theme files and keeps the catalog it read,
# once per process; the host calls it, and no pure module imports it
# (test_no_pure_module_imports_a_loader).
LOADERS = frozenset(
    f"undercover.themes.{name}"
    for name in ("builtin", "cli", "clue_lists", "generate", "load", "sample", "schema")
) | {"undercover.themes"}  # the package itself: the path of the checkout's themes/ folder
# The standard library's doors to the outside world, and its process-wide caches.
FORBIDDEN_MODULES = frozenset(
    {"asyncio", "datetime", "io", "os", "pathlib", "secrets", "socket", "sqlite3", "threading"}
    | {"time", "urllib", "uuid", "logging", "tempfile", "shutil", "subprocess"}
)
FORBIDDEN_CALLS = frozenset({"open", "print", "input"})
PROCESS_CACHES = frozenset({"cache", "lru_cache"})  # on a module-level function: process-wide
MUTABLE_DISPLAYS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
MUTABLE_FACTORIES = frozenset({"dict", "list", "set", "defaultdict", "Counter", "deque"})


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(SRC.rglob("*.py"))}


def imports_of(name: str, path: Path, known: dict[str, Path]) -> Iterator[Import]:
    """Every import in the file, lazy ones included, resolved to the modules of src/."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            # `from package import module` imports the module; `from module import name`
            # imports the module itself.
            targets = [module, *(f"{module}.{alias.name}" for alias in node.names)]
        for target in targets:
            if target in known and target != name:
                yield Import(name, target, node.lineno)


def graph() -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        edges[name].update(i.imported for i in imports_of(name, path, known))
    return edges


def layer(name: str) -> tuple[str, int] | None:
    """(folder, layer) of a module; None for the package's own `__init__`, which imports
    nothing (a module beside the folders has no layer: test_every_folder_has_a_layer)."""
    parts = name.split(".")
    if parts[0] != "undercover":
        return TOP_LEVEL[parts[0]], LAYERS[TOP_LEVEL[parts[0]]]
    if len(parts) == 1:
        return None
    return parts[1], LAYERS[parts[1]]


def upward_edges(edges: dict[str, set[str]]) -> list[str]:
    wrong = []
    for importer, imported in sorted((a, b) for a, targets in edges.items() for b in targets):
        here, there = layer(importer), layer(imported)
        if here is None or there is None or here[0] == there[0]:
            continue
        if there[1] >= here[1]:
            wrong.append(f"{importer} ({here[0]}) imports {imported} ({there[0]})")
    return wrong


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _called_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def impurities(source: str) -> list[str]:
    """What makes a module impure: I/O imports and calls, caches, module-level containers."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            for name in names:
                if name and name.split(".")[0] in FORBIDDEN_MODULES:
                    found.append(f"line {node.lineno}: imports {name}")
        elif isinstance(node, ast.Call) and _called_name(node) in FORBIDDEN_CALLS:
            found.append(f"line {node.lineno}: calls {_called_name(node)}")
        elif isinstance(node, ast.Global | ast.Nonlocal):
            found.append(f"line {node.lineno}: rebinds {', '.join(node.names)}")
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef):
            for decorator in statement.decorator_list:
                called = decorator.func if isinstance(decorator, ast.Call) else decorator
                name = called.attr if isinstance(called, ast.Attribute) else ""
                if name in PROCESS_CACHES or getattr(called, "id", "") in PROCESS_CACHES:
                    found.append(f"line {statement.lineno}: a process-wide cache")
        value = statement.value if isinstance(statement, ast.Assign | ast.AnnAssign) else None
        targets = statement.targets if isinstance(statement, ast.Assign) else []
        if [getattr(target, "id", "") for target in targets] == ["__all__"]:
            continue  # the export list: read by `import *` and linters, never changed
        mutable = isinstance(value, MUTABLE_DISPLAYS) or (
            isinstance(value, ast.Call) and _called_name(value) in MUTABLE_FACTORIES
        )
        if mutable:
            found.append(f"line {statement.lineno}: a module-level container anyone may change")
    return found


def pure_modules() -> dict[str, Path]:
    return {
        name: path
        for name, path in modules().items()
        if name.partition(".")[2].split(".")[0] in PURE and name not in LOADERS
    }


def test_every_folder_has_a_layer() -> None:
    package = SRC / "undercover"
    folders = {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    assert folders <= set(LAYERS), f"place {sorted(folders - set(LAYERS))} in LAYERS"
    beside = sorted(p.name for p in package.glob("*.py") if p.name != "__init__.py")
    assert beside == [], "every module belongs to a folder, and so to a layer"
    top = {p.stem for p in SRC.glob("*.py")}
    assert top <= set(TOP_LEVEL), f"place {sorted(top - set(TOP_LEVEL))} in TOP_LEVEL"


def test_imports_point_down_the_layers() -> None:
    assert upward_edges(graph()) == []


def test_no_module_imports_itself_back() -> None:
    assert cycles(graph()) == []


def test_no_pure_module_does_io_or_keeps_process_wide_state() -> None:
    found = {
        name: problems
        for name, path in pure_modules().items()
        if (problems := impurities(path.read_text("utf-8")))
    }
    assert found == {}


def test_no_pure_module_imports_a_loader() -> None:
    edges = graph()
    pure = pure_modules()
    assert {name: sorted(edges[name] & (LOADERS - {"undercover.themes"})) for name in pure} == {
        name: [] for name in pure
    }


# --- the checkers themselves, on made-up input (a test that cannot fail proves nothing) -----


def test_an_upward_edge_is_reported() -> None:
    edges = {"undercover.rules.game": {"undercover.engine.state"}, "undercover.engine.state": set()}
    assert upward_edges(edges) == [
        "undercover.rules.game (rules) imports undercover.engine.state (engine)"
    ]


def test_an_edge_within_a_layer_between_two_folders_is_reported() -> None:
    edges = {"undercover.bots.brain": {"undercover.wire.codec"}, "undercover.wire.codec": set()}
    assert len(upward_edges(edges)) == 1


def test_a_cycle_through_three_modules_is_reported() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]


def test_a_lazy_import_counts(tmp_path: Path) -> None:
    path = tmp_path / "x.py"
    path.write_text("def f():\n    from undercover.engine import seats\n", "utf-8")
    known = {"undercover.engine": path, "undercover.engine.seats": path}
    found = {i.imported for i in imports_of("undercover.rules.x", path, known)}
    assert found == {"undercover.engine", "undercover.engine.seats"}


def test_the_purity_checker_finds_each_kind_of_impurity() -> None:
    source = (
        "import sqlite3\nfrom time import time\nimport functools\n_seen: dict[str, int] = {}\n"
        "CACHE = list()\n@functools.cache\ndef f():\n    global CACHE\n    return open('x')\n"
    )
    assert len(impurities(source)) == 7
    assert impurities("LIMITS = (1, 2)\nNAMES = frozenset({'a'})\n__all__ = ['f']\n") == []
