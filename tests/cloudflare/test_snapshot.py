"""The upload's snapshot, modelled (harness/snapshot.mjs, harness/entropy.mjs): the main module's
top level runs outside any request, and every entropy call from wasm is refused unless an import
context grants it, as workerd's snapshot-creation mode does when Cloudflare validates an upload.

Two modes: "sdk", where the vendored SDK's `.pth` patches apply (its pydantic-core grant
included), and "none", where they do not: the upload on workerd 1.20261117 failed exactly where
an import without them fails (issue 11), so the Worker must import in both.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.cloudflare.harness import ROOT, build_worker, require_node

pytestmark = [pytest.mark.node, pytest.mark.slow]


def snapshot_import(package_patches: str, main: Path | None = None) -> dict[str, Any]:
    node = require_node()
    build_worker()
    command = [node, str(ROOT / "harness" / "snapshot.mjs"), "--package-patches", package_patches]
    command += ["--main", str(main)] if main else []
    result = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]
    report: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    report["stderr"] = result.stderr
    return report


def refused_at(report: dict[str, Any]) -> list[str]:
    """The innermost frame of ours or a package's, for each refused call."""
    frames = []
    for call in report["refused"]:
        lines = [line.strip() for line in call["traceback"].splitlines() if "File" in line]
        frames.append(next((line for line in lines if "<frozen" not in line), "?"))
    return frames


@pytest.mark.parametrize("package_patches", ["sdk", "none"])
def test_the_worker_imports_in_snapshot_mode(package_patches: str) -> None:
    report = snapshot_import(package_patches)
    assert report["refused"] == [], refused_at(report)
    assert report["imported"], report["error"]
    assert report["granted"] > 0  # random's seed and pydantic-core's hash seeds, at least


def test_pydantic_core_without_a_grant_is_refused_where_the_upload_failed(tmp_path: Path) -> None:
    main = tmp_path / "bare_pydantic.py"
    main.write_text("import pydantic_core\n")
    report = snapshot_import("none", main)
    assert not report["imported"]
    assert len(report["refused"]) == 1
    assert 'pydantic_core/__init__.py", line 8' in refused_at(report)[0]
    assert "fatal error" in report["error"] + report["stderr"]


def test_the_import_time_grant_lets_no_python_randomness_through(tmp_path: Path) -> None:
    main = tmp_path / "draws_in_grant.py"
    main.write_text(
        "import os\nfrom snapshot_seeds import import_time_grant\n"
        "with import_time_grant():\n    KEY = os.urandom(8)\n"
    )
    report = snapshot_import("none", main)
    assert not report["imported"]
    assert report["refused"] == []  # refused in Python (OSError) before reaching wasm
    assert "Cannot get entropy" in report["error"]
