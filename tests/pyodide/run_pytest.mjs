// Run nimcore's unit tests inside Pyodide (Python 3.14 compiled to wasm) under Node.
//
//   node tests/pyodide/run_pytest.mjs WHEEL DATA SITE_PACKAGES TESTS_DIR [pytest args…]
//
// WHEEL is nimcore's wheel, installed exactly as the browser worker installs it
// (pyodide.unpackArchive); DATA, a JSON object {path in site-packages: file},
// the data files the site serves apart, written where the worker writes them
// (site_hooks/runtime.py data_sources). SITE_PACKAGES is the project's .venv site-packages,
// mounted read-only-in-spirit to borrow pytest and hypothesis (pure Python).
// The exit status is pytest's.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";
import { writeDataFiles } from "./data_files.mjs";

const [wheelPath, dataJson, sitePackages, testsDir, ...pytestArgs] = process.argv.slice(2);
if (!wheelPath || !dataJson || !sitePackages || !testsDir) {
  console.error("usage : run_pytest.mjs ROUE DONNÉES SITE_PACKAGES TESTS [arguments de pytest…]");
  process.exit(2);
}

const pyodide = await loadPyodide();
const purelib = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: purelib });
writeDataFiles(pyodide, purelib, JSON.parse(dataJson));

pyodide.FS.mkdirTree("/host/site-packages");
pyodide.FS.mkdirTree("/host/tests");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: sitePackages }, "/host/site-packages");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: testsDir }, "/host/tests");

pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
const status = pyodide.runPython(`
import os, sys
sys.path.append("/host/site-packages")     # after Pyodide's own: nimcore comes from the wheel
os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"  # the venv's other plugins need native code
import nimcore
print("Pyodide", sys.version.split()[0], sys.platform, "nimcore", nimcore.__version__, "from", nimcore.__file__)
assert os.path.samefile(os.path.dirname(os.path.dirname(nimcore.__file__)), ${JSON.stringify(purelib)}), "nimcore must come from the wheel"
import pytest
pytest.main(["-p", "no:cacheprovider", "-p", "_hypothesis_pytestplugin", "--rootdir", "/host/tests",
             "-o", "markers=slow: deselected inside Pyodide",
             "/host/tests", *pytest_args])
`);
process.exit(Number(status));
