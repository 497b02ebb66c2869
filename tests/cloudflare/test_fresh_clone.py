"""A fresh clone: `npm ci`, then `npx wrangler deploy --dry-run` alone gets the bundle.

No `python_modules/`, no `build/`, no venv: wrangler's build step (`uv run python
scripts/build_worker.py`) makes the venv, vendors the Worker's packages and assembles the
upload by itself. `node_modules/` is linked from this checkout (what `npm ci` installs).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from scripts.build_worker import missing_from_bundle

from tests.cloudflare.harness import ROOT, node_env, require_node, unavailable

pytestmark = [pytest.mark.node, pytest.mark.slow]


def clean_copy(target: Path) -> Path:
    """The checkout's files as a clone has them: tracked or new, never ignored ones."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():  # a file deleted but not yet committed is listed too
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    (target / "node_modules").symlink_to(ROOT / "node_modules")
    return target


def test_wrangler_alone_bundles_a_fresh_clone(tmp_path: Path) -> None:
    require_node()
    npx, uv = shutil.which("npx"), shutil.which("uv")
    if npx is None or uv is None:
        unavailable("npx and uv are needed on PATH")
    assert npx is not None
    clone = clean_copy(tmp_path / "clone")
    assert not (clone / "python_modules").exists()
    assert not (clone / "build").exists()
    env = node_env(
        WRANGLER_SEND_METRICS="false",
        WRANGLER_LOG_PATH=str(tmp_path / "logs"),
        UV_PYTHON_DOWNLOADS="never",
    )
    env.pop("VIRTUAL_ENV", None)  # the clone makes its own venv, as on a developer's machine
    result = subprocess.run(
        [npx, "wrangler", "deploy", "--dry-run", "--outdir", "dist"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    assert "python_modules/: vendored from PyPI's Pyodide wheels" in output
    assert missing_from_bundle(clone / "dist") == []
    assert "env.ROOMS (GameRoom)" in output
