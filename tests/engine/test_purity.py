"""engine/ is pure: no I/O, no clock, no process-wide state (docs/architecture.md).

What varies between processes (the theme content) arrives as an argument (`dealing.Deck`);
what the engine keeps from one call to the next lives in the `Room` it returns.
"""

from __future__ import annotations

import ast
import copy
import importlib
import pkgutil
from pathlib import Path

import undercover.engine
from tests.engine.table import Table
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.rules import Role

ENGINE = Path(undercover.engine.__file__).parent
# The standard library's doors to the outside world, and its process-wide caches.
FORBIDDEN_MODULES = frozenset(
    {"asyncio", "datetime", "io", "os", "pathlib", "secrets", "socket", "sqlite3", "threading"}
    | {"time", "urllib", "uuid", "logging", "tempfile", "shutil", "subprocess"}
)
FORBIDDEN_CALLS = frozenset({"open", "print", "input"})
PROCESS_CACHES = frozenset({"cache", "lru_cache"})  # on a module-level function: process-wide
MUTABLE_DISPLAYS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
MUTABLE_FACTORIES = frozenset({"dict", "list", "set", "defaultdict", "Counter", "deque"})


def engine_files() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def _called_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def problems_in(source: str) -> list[str]:
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
        mutable = isinstance(value, MUTABLE_DISPLAYS) or (
            isinstance(value, ast.Call) and _called_name(value) in MUTABLE_FACTORIES
        )
        if mutable:
            found.append(f"line {statement.lineno}: a module-level container anyone may change")
    return found


def test_no_engine_module_does_io_or_keeps_process_wide_state() -> None:
    found = {
        str(path.relative_to(ENGINE)): problems
        for path in engine_files()
        if (problems := problems_in(path.read_text("utf-8")))
    }
    assert found == {}


def test_the_checker_finds_each_kind_of_impurity() -> None:
    source = (
        "import sqlite3\nfrom time import time\nimport functools\n_seen: dict[str, int] = {}\n"
        "CACHE = list()\n@functools.cache\ndef f():\n    global CACHE\n    return open('x')\n"
    )
    assert len(problems_in(source)) == 7
    assert problems_in("LIMITS = (1, 2)\nNAMES = frozenset({'a'})\n") == []


def test_a_whole_game_changes_no_module_level_value() -> None:
    """Whatever an engine module holds at module level (its own or imported) is the same after
    a game: the game's state is all in the rooms it returned."""
    names = [m.name for m in pkgutil.walk_packages([str(ENGINE)], "undercover.engine.")]
    held = {
        (name, key): value
        for name in names
        for key, value in vars(importlib.import_module(name)).items()
        if isinstance(value, dict | list | set) and not key.startswith("__")
    }
    before = copy.deepcopy(held)
    table = Table.seated("ana", "ben", "cy", "dan").started()
    (undercover,) = table.with_role(Role.UNDERCOVER)
    table.vote_out(undercover).tick(REVEAL_SECONDS)
    assert table.phase == "ended"
    views = [table.view(name) for name in (*table.alive_names, None)]
    table.rematch()
    assert views
    assert table.phase == "lobby"
    assert held == before
