"""Build step for the Cloudflare Worker (run by wrangler's `[build]` and by the tests).

1. Vendors the packages the Worker imports, as Pyodide 314 wheels, into `python_modules/`
   (the `workers` SDK is not built into the runtime from compatibility date 2026-04-21 on).
   Skipped when `python_modules/` already holds exactly these pins.
2. Bakes the top-level `themes/` into `src/undercover/themes/data.py` (the themes package's
   generator; wrangler uploads only modules under `src/`).

`--test-modules DIR` also installs pytest and hypothesis (pure Python) for the Pyodide harness,
which runs the rules and engine suites under Python 3.14.

Usage: python tools/build_worker.py [--force] [--vendor-only] [--test-modules DIR]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON_MODULES = ROOT / "python_modules"
STAMP_NAME = ".undercover-vendor.json"

# Pinned: the same versions as pyproject.toml for pydantic and segno; the SDK's storage
# wrapping changes between releases (reference §13.4), so it is pinned exactly too.
WORKER_PACKAGES = ("workers-runtime-sdk==1.9.5", "pydantic==2.14.4", "segno==1.6.6")
TEST_PACKAGES = ("pytest==9.2.0", "hypothesis==6.170.17")

# The wheel platform of Pyodide 314 (PEP 783), the runtime of compatibility dates >= 2026-09-08.
PYODIDE_TARGET = (
    "--platform",
    "pyemscripten_2026_0_wasm32",
    "--python-version",
    "3.14",
    "--implementation",
    "cp",
    "--abi",
    "cp314",
)


def pip_command() -> list[str]:
    """A pip to run: this interpreter's if it has one (uv venvs do not), else its base's."""
    candidates = [sys.executable, str(Path(sys.base_prefix) / "bin" / "python3")]
    candidates += [found for found in (shutil.which("python3"),) if found]
    for python in candidates:
        probe = subprocess.run([python, "-m", "pip", "--version"], capture_output=True, check=False)
        if probe.returncode == 0:
            return [python, "-m", "pip"]
    raise SystemExit("build_worker: no pip found (install it: python3 -m ensurepip)")


def vendor(target: Path, packages: Sequence[str], force: bool = False) -> bool:
    """Install `packages` for Pyodide 314 into `target`; False if it already held them."""
    stamp = target / STAMP_NAME
    wanted = {"packages": list(packages), "target": list(PYODIDE_TARGET)}
    if not force and stamp.exists() and json.loads(stamp.read_text()) == wanted:
        return False
    if target.exists():
        shutil.rmtree(target)
    command = [
        *pip_command(),
        "install",
        "--quiet",
        "--no-compile",
        "--disable-pip-version-check",
        "--target",
        str(target),
        "--only-binary=:all:",
        *PYODIDE_TARGET,
        *packages,
    ]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"build_worker: vendoring failed: {' '.join(packages)}")
    # Console scripts and data for the host are of no use in the Worker.
    for extra in ("bin", "share"):
        shutil.rmtree(target / extra, ignore_errors=True)
    stamp.write_text(json.dumps(wanted))
    return True


# What the deployed Worker cannot do without (a dry run does not notice any of them missing).
BUNDLE_REQUIRED = (
    "entry.py",
    "undercover/__init__.py",
    "undercover/hosts/runner.py",
    "undercover/engine/schema.sql",
    "undercover/themes/data.py",
    "python_modules/workers/__init__.py",
    "python_modules/pydantic/__init__.py",
    "python_modules/pydantic_core/__init__.py",
    "python_modules/segno/__init__.py",
)


def missing_from_bundle(bundle: Path) -> list[str]:
    """Files the Worker needs that `bundle` (wrangler's --outdir, or the project) lacks."""
    return [name for name in BUNDLE_REQUIRED if not (bundle / name).is_file()]


def generate_theme_data() -> bool:
    """Write `src/undercover/themes/data.py` from `themes/`; fails on invalid theme files."""
    sys.path.insert(0, str(ROOT / "src"))
    from undercover.themes.generate import write_module
    from undercover.themes.load import read_documents

    documents, problems = read_documents()
    if problems:
        for problem in problems:
            sys.stderr.write(f"{problem}\n")
        raise SystemExit(f"build_worker: {len(problems)} problem(s) in themes/")
    return write_module(documents)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="vendor again even if up to date")
    parser.add_argument("--test-modules", type=Path, help="also vendor pytest + hypothesis here")
    parser.add_argument(
        "--vendor-only", action="store_true", help="vendor only; keep any theme data module"
    )
    args = parser.parse_args(argv)
    changed = vendor(PYTHON_MODULES, WORKER_PACKAGES, force=args.force)
    print(f"python_modules/: {'vendored' if changed else 'up to date'}")
    if not (PYTHON_MODULES / "workers" / "__init__.py").is_file():
        # From compatibility date 2026-04-21 the runtime no longer ships the SDK.
        raise SystemExit("build_worker: python_modules/workers is missing; run with --force")
    if args.test_modules:
        changed = vendor(args.test_modules, TEST_PACKAGES, force=args.force)
        print(f"{args.test_modules}: {'vendored' if changed else 'up to date'}")
    if not args.vendor_only:
        print(f"theme data: {'written' if generate_theme_data() else 'up to date'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
