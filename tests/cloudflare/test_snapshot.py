"""The upload's snapshot, modelled as production takes it (workerd/snapshot.mjs, entropy.mjs).

Our compatibility date turns on dedicated snapshots: the main module's top level runs outside
any request, before the snapshot, with the runtime's import patcher installed and
python_modules/'s `.pth` files processed; every entropy call from wasm is refused unless an
import context grants it. The vendored SDK's `.pth` registers the grant pydantic-core needs.
The controls run the same import on copies of python_modules/ without that grant: they must
fail, or the model would pass whatever the Worker did.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.cloudflare.harness import ROOT, WORKERD, build_worker, require_node

pytestmark = [pytest.mark.node, pytest.mark.slow]

SDK_LOADER = "_workers_sdk_patch_loader.pth"
SDK_CONTEXTS = "_workers_sdk_entropy_import_context.py"
PYDANTIC_CORE_GRANT = '@register_exec_patch("pydantic_core")\n'


def snapshot_import(python_modules: Path | None = None, main: Path | None = None) -> dict[str, Any]:
    node = require_node()
    build_worker()
    command = [node, str(WORKERD / "snapshot.mjs")]
    command += ["--python-modules", str(python_modules)] if python_modules else []
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


def without_sdk_loader(copy: Path) -> None:
    (copy / SDK_LOADER).unlink()


def without_pydantic_core_grant(copy: Path) -> None:
    contexts = copy / SDK_CONTEXTS
    text = contexts.read_text()
    assert PYDANTIC_CORE_GRANT in text  # the pinned SDK registers it here
    contexts.write_text(text.replace(PYDANTIC_CORE_GRANT, ""))


def test_the_worker_imports_as_the_dedicated_snapshot_does() -> None:
    build_worker()
    assert (ROOT / "python_modules" / SDK_LOADER).is_file()
    report = snapshot_import()
    assert report["refused"] == [], refused_at(report)
    assert report["imported"], report["error"]
    assert report["granted"] >= 2  # pydantic-core's two hash seeds, at least


@pytest.mark.parametrize("strip", [without_sdk_loader, without_pydantic_core_grant])
def test_without_the_sdk_grant_the_import_fails_where_the_upload_would(
    tmp_path: Path, strip: Any
) -> None:
    build_worker()
    copy = tmp_path / "python_modules"
    shutil.copytree(ROOT / "python_modules", copy)
    strip(copy)
    report = snapshot_import(copy)
    assert not report["imported"]
    assert len(report["refused"]) == 1
    assert 'pydantic_core/__init__.py", line 8' in refused_at(report)[0]
    assert "fatal error" in report["error"] + report["stderr"]


def test_python_randomness_at_the_top_level_is_refused(tmp_path: Path) -> None:
    main = tmp_path / "draws_at_import.py"
    main.write_text("import os\nKEY = os.urandom(8)\n")
    report = snapshot_import(main=main)
    assert not report["imported"]
    assert report["refused"] == []  # refused in Python (OSError) before reaching wasm
    assert "Cannot get entropy" in report["error"]
