// Run pytest inside Pyodide 314 (the Worker's Python) on this checkout.
//
//   node tests/cloudflare/workerd/pytest_in_pyodide.mjs <test-modules-dir> [pytest args...]
//
// <test-modules-dir> holds pytest and hypothesis installed for Pyodide (pure Python), as
// `python scripts/build_worker.py --test-modules DIR` makes it; python_modules/ provides pydantic
// and segno. The checkout is mounted read-write at /repo (pytest's cache provider is off).
// Exits with pytest's exit code.

import path from "node:path";
import { loadPyodide } from "pyodide";
import { HERE, ROOT } from "./runtime.mjs";

const [testModules, ...pytestArgs] = process.argv.slice(2);
if (!testModules) {
  console.error("usage: node tests/cloudflare/workerd/pytest_in_pyodide.mjs <test-modules-dir> [pytest args...]");
  process.exit(2);
}

const pyodide = await loadPyodide({
  indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
const { FS } = pyodide;
for (const [source, target] of [
  [ROOT, "/repo"],
  [path.join(ROOT, "python_modules"), "/site/worker"],
  [path.resolve(testModules), "/site/tests"],
  [HERE, "/site/harness"],
]) {
  FS.mkdirTree(target);
  FS.mount(FS.filesystems.NODEFS, { root: source }, target);
}
pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
const code = await pyodide.runPythonAsync(`
import os, site, sys
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = "/tmp/hypothesis"
os.environ.setdefault("CI", ${JSON.stringify(process.env.CI ?? "")})
os.environ.setdefault("NO_LEAK_EXAMPLES", ${JSON.stringify(process.env.NO_LEAK_EXAMPLES || "150")})
sys.dont_write_bytecode = True
site.addsitedir("/site/tests")
site.addsitedir("/site/worker")
sys.path.insert(0, "/site/harness")
os.chdir("/repo")
import pytest
print(f"pytest in Pyodide: Python {sys.version.split()[0]}, platform {sys.platform}")
# The project's addopts spread the tests over processes (pytest-xdist): one process here.
int(pytest.main(["-p", "no:cacheprovider", "-p", "pyodide_pytest_plugin", "-o", "addopts=--strict-markers", "-rs", *pytest_args]))
`);
process.exit(code);
