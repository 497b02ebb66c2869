"""pytest plugin for the suites run under Pyodide (pytest_in_pyodide.mjs).

WebAssembly has no processes: a test that spawns one (to check a fresh interpreter, say) raises
`OSError: [Errno 138] emscripten does not support processes`. Such a test is reported as
skipped, with that reason, instead of failed; any other failure stays a failure. The caller
(tests/cloudflare/test_pyodide_suites.py) bounds how many may be skipped this way.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

NO_PROCESSES = "emscripten does not support processes"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[Any]:
    outcome = yield
    report = outcome.get_result()
    error = call.excinfo.value if call.excinfo is not None else None
    if report.failed and isinstance(error, OSError) and NO_PROCESSES in str(error):
        report.outcome = "skipped"
        report.longrepr = (str(item.path), item.location[1] or 0, f"needs a process: {error}")
