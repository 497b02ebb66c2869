"""Build step for the Cloudflare Worker (wrangler's `[build]`, hence `pywrangler dev/deploy`).

1. Bakes the top-level `themes/` into `src/undercover/themes/data.py` (the themes package's
   generator; wrangler uploads Python modules, never the JSON).
2. Assembles the upload, `build/worker/` (wrangler.toml's `main` is `build/worker/entry.py`):
   `entry.py` and exactly the modules it imports, followed through `src/` (so the self-host,
   the CLI and the tools stay out), with the package data files they read (`schema.sql`).
3. Makes sure `python_modules/` holds what the Worker imports:
   - filled by `uv run pywrangler sync` (online; `pywrangler dev` and `deploy` run it first):
     Cloudflare's path, wheels from Pyodide's package index. Never touched here.
   - missing (a fresh clone: `npx wrangler dev` or `deploy` alone): vendored here with the same
     pins, as Pyodide 314 wheels from PyPI (`pip --platform pyemscripten_2026_0_wasm32`), and
     stamped; a stamped tree is ours, refreshed when the pins change.

`--test-modules DIR` also installs pytest and hypothesis (pure Python) for the Pyodide harness,
which runs the rules and engine suites under Python 3.14.

Usage: python scripts/build_worker.py [--force] [--test-modules DIR]
"""

from __future__ import annotations

import argparse
import ast
import json
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PYTHON_MODULES = ROOT / "python_modules"
WORKER_DIR = ROOT / "build" / "worker"
STAMP_NAME = ".undercover-vendor.json"
MAIN_MODULE = "entry"
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


def worker_packages(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    """`[project].dependencies`, the Worker's own, without markers (pip would judge them for
    this machine, not for Pyodide: the SDK's `sys_platform == 'emscripten'` must hold here)."""
    dependencies = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    return [str(requirement).split(";")[0].strip() for requirement in dependencies]


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
    "undercover/hosts/schema.sql",
    "undercover/themes/data.py",
    "python_modules/workers/__init__.py",
    "python_modules/pydantic/__init__.py",
    "python_modules/pydantic_core/__init__.py",
    "python_modules/segno/__init__.py",
)


def missing_from_bundle(bundle: Path) -> list[str]:
    """Files the Worker needs that `bundle` (wrangler's --outdir) lacks."""
    return [name for name in BUNDLE_REQUIRED if not (bundle / name).is_file()]


def module_file(name: str, root: Path = SRC) -> Path | None:
    """The source file of module `name` under `root`, if it is one of ours."""
    base = root.joinpath(*name.split("."))
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


def _imported_names(path: Path, module: str) -> Iterable[str]:
    """Every module name an import statement of `path` may load (at any depth of the file)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                source = f"{base}.{node.module}" if node.module else base
            else:
                source = node.module or ""
            yield source
            yield from (f"{source}.{alias.name}" for alias in node.names)  # submodules


def worker_modules(main: str = MAIN_MODULE, root: Path = SRC) -> dict[str, Path]:
    """The modules under `root` that `main` imports, directly or not, with their packages."""
    found: dict[str, Path] = {}
    pending = [main]
    while pending:
        name = pending.pop()
        if name in found or (path := module_file(name, root)) is None:
            continue
        found[name] = path
        parts = name.split(".")
        pending += [".".join(parts[:i]) for i in range(1, len(parts))]
        pending += _imported_names(path, name)
    return found


def assemble(target: Path = WORKER_DIR, root: Path = SRC) -> list[str]:
    """Write the upload's module tree into `target`; its files, relative to it.

    Only what differs is written and only what left is removed: a harness already running from
    `target` (the tests run in several processes) never sees a module vanish."""
    files = [path.relative_to(root) for path in worker_modules(root=root).values()]
    for package in {f.parent for f in files if f.name == "__init__.py"}:
        # Data a bundled package reads at run time (`schema.sql`); wrangler uploads it as Text.
        files += [p.relative_to(root) for p in (root / package).glob("*.sql")]
    for relative in files:
        source, copy = root / relative, target / relative
        if copy.is_file() and copy.read_bytes() == source.read_bytes():
            continue
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, copy)
    kept = {target / f for f in files}
    for path in sorted(target.rglob("*"), reverse=True) if target.exists() else ():
        if path.is_file() and path not in kept:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return sorted(str(f) for f in files)


def generate_theme_data() -> bool:
    """Write `src/undercover/themes/data.py` from `themes/`; fails on invalid theme files."""
    sys.path.insert(0, str(SRC))
    from undercover.themes.generate import write_module
    from undercover.themes.load import read_documents

    documents, problems = read_documents()
    if problems:
        for problem in problems:
            sys.stderr.write(f"{problem}\n")
        raise SystemExit(f"build_worker: {len(problems)} problem(s) in themes/")
    return write_module(documents)


def is_ours(target: Path) -> bool:
    """Vendored by this script (stamped), not by `pywrangler sync`."""
    return (target / STAMP_NAME).is_file()


def ensure_python_modules(target: Path = PYTHON_MODULES, *, force: bool = False) -> str:
    """Vendor `python_modules/` if it is missing or ours; what pywrangler installed is kept."""
    if target.exists() and any(target.iterdir()) and not is_ours(target) and not force:
        state = "kept (not vendored here: `pywrangler sync`'s)"
    else:
        changed = vendor(target, worker_packages(), force=force)
        state = "vendored from PyPI's Pyodide wheels" if changed else "up to date"
    missing = [name for name in BUNDLE_REQUIRED if name.startswith("python_modules/")]
    missing = [name for name in missing if not (target.parent / name).is_file()]
    if missing:
        # From compatibility date 2026-04-21 the runtime no longer ships the `workers` SDK.
        raise SystemExit(
            f"build_worker: {', '.join(missing)} missing: run `uv run pywrangler sync` again,"
            " or delete python_modules/ to have this step vendor it"
        )
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--force", action="store_true", help="vendor python_modules/ again, whoever filled it"
    )
    # Vendoring is automatic now; the flag is accepted so that older scripts keep working.
    parser.add_argument("--vendor", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--test-modules", type=Path, help="also vendor pytest + hypothesis here")
    args = parser.parse_args(argv)
    print(f"python_modules/: {ensure_python_modules(force=args.force)}")
    if args.test_modules:
        changed = vendor(args.test_modules, TEST_PACKAGES, force=args.force)
        print(f"{args.test_modules}: {'vendored' if changed else 'up to date'}")
    # Written whenever it differs from themes/: the upload never ships stale words.
    print(f"theme data: {'written' if generate_theme_data() else 'up to date'}")
    files = assemble()
    print(f"{WORKER_DIR.relative_to(ROOT)}/: {len(files)} files (entry.py and what it imports)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
