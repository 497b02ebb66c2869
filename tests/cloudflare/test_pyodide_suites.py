"""The rules and engine test suites, run again under Pyodide 314: the Worker's Python 3.14.

pytest and hypothesis are pure Python: the build step installs them for Pyodide into
build/pyodide-tests (pip, the pyemscripten platform), next to the vendored python_modules/.
"""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.cloudflare.harness import ROOT, WORKERD, build_worker, require_node

pytestmark = [pytest.mark.node, pytest.mark.slow]

TEST_MODULES = ROOT / "build" / "pyodide-tests"
# The no-leak property's random games under Pyodide: enough to play whole games of every kind
# on the Worker's Python (about 1.5 s each there); its volume is CPython's (NO_LEAK_EXAMPLES).
PYODIDE_NO_LEAK_EXAMPLES = os.environ.get("PYODIDE_NO_LEAK_EXAMPLES", "30")


# Three units of work for pytest-xdist (tests/conftest.py): each takes minutes under Pyodide.
SUITES = {
    "rules": ["tests/rules"],
    "engine": ["tests/engine", "--ignore=tests/engine/test_no_leak.py"],
    "no-leak": ["tests/engine/test_no_leak.py"],
}


@pytest.mark.parametrize(
    "suite",
    [
        pytest.param(args, id=name, marks=pytest.mark.xdist_group(f"pyodide-{name}"))
        for name, args in SUITES.items()
    ],
)
def test_suite_passes_under_pyodide_314(suite: list[str]) -> None:
    node = require_node()
    build_worker("--test-modules", str(TEST_MODULES))
    result = subprocess.run(
        [node, str(WORKERD / "pytest_in_pyodide.mjs"), str(TEST_MODULES), "-q", *suite],
        cwd=ROOT,
        env={**os.environ, "NO_LEAK_EXAMPLES": PYODIDE_NO_LEAK_EXAMPLES},
        capture_output=True,
        text=True,
        timeout=3000,
        check=False,
    )
    output = result.stdout + result.stderr
    assert "Python 3.14" in output, output[-3000:]
    assert "platform emscripten" in output
    assert result.returncode == 0, output[-6000:]
    assert " passed" in output.splitlines()[-1]
    # Only tests that spawn a process (impossible in WebAssembly) may be skipped, and few.
    skipped = [line for line in output.splitlines() if line.startswith("SKIPPED")]
    assert all("needs a process" in line for line in skipped), skipped
    assert len(skipped) <= 3, skipped
