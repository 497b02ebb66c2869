"""How pytest-xdist shares the suite between processes (`--dist loadgroup` in pyproject.toml).

A test file is one unit of work, as with `--dist loadfile` (its module fixtures, browsers and
servers are set up once), unless its tests say otherwise with an `xdist_group` mark: the
no-leak property's chunks and the two Pyodide suites are units of their own, so they run side
by side. The units that take longest go first (the harness, the browsers, then the rest), so
no process is left with a long file while the other has finished.
"""

from __future__ import annotations

import pytest

# Markers in the order their units start: the slowest kinds of test first.
FIRST = ("node", "browser", "slow")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("dist", default="no") != "loadgroup":
        return
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.path.as_posix()))

    def rank(item: pytest.Item) -> int:
        kinds = [i for i, kind in enumerate(FIRST) if item.get_closest_marker(kind)]
        return min(kinds, default=len(FIRST))

    items.sort(key=rank)  # stable: a file's tests keep their order
