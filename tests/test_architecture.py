"""The tree says the architecture: imports point one way down the layers, and no module
imports itself back through others (docs/architecture.md).

    rules ← themes ← engine ← bots, wire ← hosts ← tools

Every import counts: at the top of a module, inside a function (a "lazy" import) or under
`TYPE_CHECKING`. The graph is read from the source with `ast`, so nothing is imported here.
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


# --- the checker itself, on made-up graphs (a test that cannot fail proves nothing) -------


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
