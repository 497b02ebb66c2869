"""engine/ keeps nothing between calls: a whole game leaves its modules as they were (the
static check of rules/, themes/ and engine/ is in tests/test_architecture.py)."""

from __future__ import annotations

import copy
import importlib
import pkgutil
from pathlib import Path

import undercover.engine
from tests.engine.table import Table
from undercover.engine.phases.reveal import REVEAL_SECONDS
from undercover.rules import Role

ENGINE = Path(undercover.engine.__file__).parent


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
