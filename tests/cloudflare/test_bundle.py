"""The Worker's configuration and bundle: wrangler.toml, the build step, `wrangler --dry-run`."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from scripts.build_worker import (
    BUNDLE_REQUIRED,
    STAMP_NAME,
    assemble,
    ensure_python_modules,
    missing_from_bundle,
    worker_modules,
    worker_packages,
)

from tests.cloudflare.harness import ROOT, Harness, build_worker, node_env, require_node
from undercover.hosts.security import SECURITY_HEADERS, parse_headers_file

CONFIG = tomllib.loads((ROOT / "wrangler.toml").read_text())


def test_wrangler_config_declares_a_python_3_14_worker_with_one_sqlite_room_class() -> None:
    assert CONFIG["main"] == "build/worker/entry.py"  # assembled from src/ by the build step
    assert "python_workers" in CONFIG["compatibility_flags"]
    assert CONFIG["compatibility_date"] >= "2026-09-08"  # Python 3.14 / Pyodide 314
    assert CONFIG["durable_objects"]["bindings"] == [{"name": "ROOMS", "class_name": "GameRoom"}]
    assert CONFIG["migrations"] == [{"tag": "v1", "new_sqlite_classes": ["GameRoom"]}]
    assets = CONFIG["assets"]
    assert assets["run_worker_first"] == ["/ws/*", "/api/*"]
    assert assets["not_found_handling"] == "single-page-application"
    assert "build_worker.py" in CONFIG["build"]["command"]
    assert {limiter["name"] for limiter in CONFIG["ratelimits"]} == {
        "CREATE_LIMITER",
        "LOOKUP_LIMITER",
    }


def test_static_headers_are_the_self_hosts_security_headers() -> None:
    rules = parse_headers_file((ROOT / "static" / "_headers").read_text())
    assert rules == {"/*": dict(SECURITY_HEADERS)}


def test_generated_files_are_ignored_by_git() -> None:
    generated = [
        "python_modules/",
        "dist/",
        "build/worker/entry.py",
        "src/undercover/themes/data.py",
        "pylock.toml",  # pywrangler's lock (like uv.lock, not committed)
        ".venv-workers/",
    ]
    ignored = subprocess.run(
        ["git", "check-ignore", *generated], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.split()
    assert ignored == generated


def test_a_bundle_without_the_workers_sdk_is_caught(tmp_path: Path) -> None:
    for name in BUNDLE_REQUIRED:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert missing_from_bundle(tmp_path) == []
    shutil.rmtree(tmp_path / "python_modules" / "workers")
    assert missing_from_bundle(tmp_path) == ["python_modules/workers/__init__.py"]


def test_the_build_step_keeps_what_pywrangler_installed(tmp_path: Path) -> None:
    target = tmp_path / "python_modules"
    for name in BUNDLE_REQUIRED:
        if name.startswith("python_modules/"):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text("# pywrangler's")
    assert not (target / STAMP_NAME).exists()  # not stamped: not ours
    assert ensure_python_modules(target).startswith("kept")
    assert (target / "workers" / "__init__.py").read_text() == "# pywrangler's"
    shutil.rmtree(target / "segno")
    with pytest.raises(SystemExit, match="segno"):  # incomplete: said, never overwritten
        ensure_python_modules(target)
    assert (target / "workers" / "__init__.py").read_text() == "# pywrangler's"


def test_assembling_again_rewrites_nothing_and_removes_what_left(tmp_path: Path) -> None:
    """A harness may be running from build/worker/ while another test process builds."""
    target = tmp_path / "worker"
    files = assemble(target)
    entry = target / "entry.py"
    written = entry.stat().st_mtime_ns
    (target / "undercover" / "gone.py").write_text("")
    assert assemble(target) == files
    assert entry.stat().st_mtime_ns == written
    assert not (target / "undercover" / "gone.py").exists()
    assert sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file()) == files


def wrangler(*args: str, log_dir: Path) -> subprocess.CompletedProcess[str]:
    """The project's wrangler (package.json) on the project's Node 22."""
    command = [require_node(), str(ROOT / "node_modules" / "wrangler" / "bin" / "wrangler.js")]
    env = node_env(WRANGLER_SEND_METRICS="false", WRANGLER_LOG_PATH=str(log_dir))
    return subprocess.run(
        [*command, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.fixture(scope="module")
def dry_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """`wrangler deploy --dry-run --outdir`: the bundle directory and wrangler's output."""
    build_worker()  # python_modules/ up to date before wrangler runs the build step again
    out = tmp_path_factory.mktemp("wrangler")
    result = wrangler("deploy", "--dry-run", "--outdir", str(out / "dist"), log_dir=out)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    return out / "dist", output


@pytest.mark.node
@pytest.mark.slow
def test_wrangler_dry_run_bundles_the_worker(dry_run: tuple[Path, str]) -> None:
    bundle, output = dry_run
    assert "env.ROOMS (GameRoom)" in output
    assert "Durable Object" in output
    assert "Rate Limit" in output
    assert missing_from_bundle(bundle) == []
    assert not (bundle / "tests").exists()
    assert not (bundle / "index.html").exists()  # assets go up separately, never as modules


# Under src/ but never imported by the Worker: the self-host, the CLI, the tools.
NOT_THE_WORKER = (
    "undercover/tools/cli.py",
    "undercover/tools/bench.py",
    "undercover/tools/simulate/rules.py",
    "undercover/tools/simulate/rooms.py",
    "undercover/hosts/local/app.py",
    "undercover/hosts/local/server.py",
    "undercover/hosts/local/rooms.py",
    "undercover/hosts/local/sockets.py",
    "undercover/tools/socket_bots.py",
    "undercover/tools/loadtest.py",
    "undercover/themes/cli.py",
    "undercover/themes/generate.py",
)


@pytest.mark.node
@pytest.mark.slow
def test_the_upload_holds_the_worker_only(dry_run: tuple[Path, str]) -> None:
    bundle, _ = dry_run
    uploaded = {
        str(path.relative_to(bundle))
        for path in bundle.rglob("*")
        if path.is_file() and "python_modules" not in path.parts and path.name != "README.md"
    }
    imported = {str(path.relative_to(ROOT / "src")) for path in worker_modules().values()}
    assert {name for name in uploaded if name.endswith(".py")} == imported
    assert uploaded - imported == {"undercover/hosts/schema.sql"}
    assert not uploaded & set(NOT_THE_WORKER)
    assert all((ROOT / "src" / name).is_file() for name in NOT_THE_WORKER)  # still there


def test_no_tool_module_is_in_the_worker() -> None:
    """Tools (simulators, benches, load test, the CLI) never reach the Worker's import closure."""
    modules = {str(path.relative_to(ROOT / "src")) for path in worker_modules().values()}
    assert "undercover/bots/brain.py" in modules  # the closure is real: a bot seat's brain is in
    assert [name for name in modules if name.startswith("undercover/tools/")] == []


def test_the_import_closure_follows_every_import_and_nothing_else(tmp_path: Path) -> None:
    files = {
        "main.py": "import pkg.a\nfrom pkg import b\n",
        "pkg/__init__.py": "",
        "pkg/a.py": "from . import c\ndef later():\n    from .sub.d import x\n",
        "pkg/b.py": "import json\n",
        "pkg/c.py": "",
        "pkg/sub/__init__.py": "",
        "pkg/sub/d.py": "x = 1\n",
        "pkg/unused.py": "import pkg.c\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    found = {str(p.relative_to(tmp_path)) for p in worker_modules("main", tmp_path).values()}
    assert found == set(files) - {"pkg/unused.py"}


# Third-party modules the Worker imports, by the distribution that provides them; the runtime
# itself provides js and pyodide.
IMPORT_NAMES = {
    "pydantic": "pydantic",
    "pydantic-core": "pydantic_core",
    "segno": "segno",
    "workers-runtime-sdk": "workers",
}
RUNTIME_MODULES = {"js", "pyodide"}
TYPING_ONLY = {"workerd"}  # stubs/workerd.pyi, imported under TYPE_CHECKING: no such module


def test_the_worker_dependencies_are_exactly_what_it_imports() -> None:
    roots = set()
    for path in worker_modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                roots.add(node.module.split(".")[0])
    third_party = roots - set(sys.stdlib_module_names) - {"undercover", "entry"}
    declared = {IMPORT_NAMES[p.split("==")[0]] for p in worker_packages()}
    assert third_party - RUNTIME_MODULES - TYPING_ONLY == declared


def test_the_self_host_stack_is_a_default_dependency_group() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    selfhost = {p.split("==")[0] for p in project["dependency-groups"]["selfhost"]}
    assert selfhost == {"starlette", "uvicorn", "websockets"}
    assert "selfhost" in project["tool"]["uv"]["default-groups"]  # `uv run undercover serve`


@pytest.mark.node
def test_the_pinned_toolchain_is_node_22_and_a_wrangler_for_the_compatibility_date(
    tmp_path: Path,
) -> None:
    node = subprocess.run([require_node(), "--version"], capture_output=True, text=True)
    major, minor = (int(part) for part in node.stdout.strip().lstrip("v").split(".")[:2])
    assert (major, minor) >= (22, 12), node.stdout  # wrangler >= 4.127 needs Node >= 22.12
    version = wrangler("--version", log_dir=tmp_path).stdout.strip().split()[-1]
    # 4.86 (the newest on Node 20) refused compatibility date 2026-11-01 in `wrangler dev`.
    assert tuple(int(part) for part in version.split(".")) >= (4, 127, 1), version


# Entropy at import time fails a Python Worker ("Disallowed operation called within global
# scope"): every module of ours is imported again with the entropy sources made to raise.
# Libraries are imported first, unpatched (the SDK patches the ones the Worker uses).
FORBID_ENTROPY = """
import contextlib, importlib, os, pkgutil, random, sys
import undercover
for extra in EXTRA:
    importlib.import_module(extra)
for module in pkgutil.walk_packages(undercover.__path__, "undercover."):
    with contextlib.suppress(ImportError):
        importlib.import_module(module.name)

class ImportTimeEntropy(Exception):
    pass

def forbidden(*args, **kwargs):
    raise ImportTimeEntropy("entropy used at import time")

saved = {}
def patch(owner, name):
    saved[(owner, name)] = getattr(owner, name)
    setattr(owner, name, forbidden)

patch(os, "urandom")
for name in ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
             "getrandbits", "uniform", "seed", "randbytes"):
    patch(random, name)
# A generator seeded with a given value draws no entropy (the warm-up game's, hosts/warm_up.py);
# only `seed(None)`, the default of `random.Random()`, reads the system's.
given_seed = random.Random.seed
def seed_without_entropy(self, a=None, *args, **kwargs):
    if a is None:
        forbidden()
    return given_seed(self, a, *args, **kwargs)
saved[(random.Random, "seed")] = given_seed
random.Random.seed = seed_without_entropy
for name in ("random", "getrandbits", "randbytes"):
    patch(random.SystemRandom, name)
"""

IMPORT_ALL = """
for name in [n for n in list(sys.modules) if n.split(".")[0] in ("undercover", *EXTRA)]:
    del sys.modules[name]
failures = []
try:
    for extra in EXTRA:
        importlib.import_module(extra)
    for module in pkgutil.walk_packages(undercover.__path__, "undercover."):
        try:
            importlib.import_module(module.name)
        except ImportTimeEntropy:
            failures.append(module.name)
        except ModuleNotFoundError as missing:
            if missing.name.split(".")[0] not in ALLOWED_MISSING:
                failures.append(f"{module.name}: {missing}")
finally:
    for (owner, name), value in saved.items():
        setattr(owner, name, value)
failures
"""


def _import_all_in_cpython(extra: list[str], path: Path) -> subprocess.CompletedProcess[str]:
    program = f"EXTRA = {extra!r}\nALLOWED_MISSING = set()\n" + FORBID_ENTROPY
    program += IMPORT_ALL.replace("\nfailures\n", "\nprint(repr(failures))\n")
    return subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{path}"},
        capture_output=True,
        text=True,
        check=False,
    )


def test_no_module_uses_randomness_at_import_time_cpython(tmp_path: Path) -> None:
    result = _import_all_in_cpython([], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_the_import_time_check_catches_a_module_drawing_a_token(tmp_path: Path) -> None:
    (tmp_path / "draws_at_import.py").write_text("import secrets\nKEY = secrets.token_hex(8)\n")
    result = _import_all_in_cpython(["draws_at_import"], tmp_path)
    assert result.returncode != 0
    assert "entropy used at import time" in result.stderr


@pytest.mark.parametrize(
    ("source", "refused"),
    [("RNG = random.Random()", True), ("RNG = random.Random('fixed')", False)],
)
def test_the_import_time_check_tells_a_system_seed_from_a_given_one(
    tmp_path: Path, source: str, refused: bool
) -> None:
    (tmp_path / "seeds_at_import.py").write_text(f"import random\n{source}\n")
    result = _import_all_in_cpython(["seeds_at_import"], tmp_path)
    assert ("entropy used at import time" in result.stderr) is refused, result.stderr


@pytest.mark.node
def test_no_module_uses_randomness_at_import_time_in_pyodide(harness: Harness) -> None:
    # The self-host's server stack is not in the Worker bundle; everything else must import.
    program = "EXTRA = ['entry']\n"
    program += "ALLOWED_MISSING = {'starlette', 'uvicorn', 'websockets', 'httpx', 'resource'}\n"
    assert harness.python(program + FORBID_ENTROPY + IMPORT_ALL) == []
