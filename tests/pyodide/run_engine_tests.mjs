#!/usr/bin/env node
// Run the engine test suite (tests/engine) inside real Pyodide under Node.
//
// The browser runs the engine on Pyodide, so the same pytest suite that runs
// on CPython runs here too.  The npm "pyodide" package has no packages and
// micropip cannot reach an index offline, so pytest and its dependencies come
// as pinned pure-Python wheels fetched by tests/pyodide/wheels.py:
//
//   python3 tests/pyodide/wheels.py _build/wheels
//   node tests/pyodide/run_engine_tests.mjs --wheels _build/wheels [--repo DIR] [-- PYTEST ARGS]
//
// Exits with pytest's exit code.

import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const args = { repo: resolve(here, "..", ".."), wheels: null, extra: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") {
      args.extra = argv.slice(i + 1);
      break;
    } else if (arg === "--wheels" || arg === "--repo") {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a directory`);
      args[arg.slice(2)] = resolve(argv[++i]);
    } else {
      throw new Error(`unknown argument ${arg}; use --wheels DIR [--repo DIR] [-- pytest args]`);
    }
  }
  if (!args.wheels) args.wheels = join(args.repo, "_build", "wheels");
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(args.wheels)) {
    throw new Error(
      `no wheel directory ${args.wheels}; run: python3 tests/pyodide/wheels.py ${args.wheels}`,
    );
  }
  const wheels = readdirSync(args.wheels)
    .filter((name) => name.endsWith(".whl"))
    .sort();
  if (!wheels.some((name) => name.startsWith("pytest-"))) {
    throw new Error(`no pytest wheel in ${args.wheels}; run tests/pyodide/wheels.py first`);
  }

  // Load Pyodide from the repo's own node_modules (pinned in package.json),
  // not whatever a parent directory might hold.
  const pyodideDir = join(args.repo, "node_modules", "pyodide");
  if (!existsSync(join(pyodideDir, "pyodide.mjs"))) {
    throw new Error(`Pyodide is not installed in ${pyodideDir}; run: npm ci (in ${args.repo})`);
  }
  const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
  const started = Date.now();
  const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
  // Raw writes keep pytest's progress dots on one line.
  const write = (stream) => (bytes) => {
    stream.write(Buffer.from(bytes));
    return bytes.length;
  };
  pyodide.setStdout({ write: write(process.stdout) });
  pyodide.setStderr({ write: write(process.stderr) });

  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  for (const name of wheels) {
    // A plain Uint8Array: Pyodide does not accept Node's Buffer subclass here.
    const bytes = new Uint8Array(readFileSync(join(args.wheels, name)));
    pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  }

  // The repo appears at the same path inside Pyodide, so tracebacks and
  // pytest's rootdir match the host.
  pyodide.FS.mkdirTree(args.repo);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: args.repo }, args.repo);

  const pytestArgs = ["-q", "-p", "no:cacheprovider", ...args.extra];
  // Run tests/engine unless the extra arguments name test paths themselves.
  const namesPath = args.extra.some(
    (a) => !a.startsWith("-") && existsSync(resolve(args.repo, a.split("::")[0])),
  );
  if (!namesPath) pytestArgs.push(join(args.repo, "tests", "engine"));
  pyodide.globals.set("REPO", args.repo);
  pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
  const code = await pyodide.runPythonAsync(`
import os, sys, platform
# Python 3.14 bytecode must not land in the host's __pycache__ folders.
sys.dont_write_bytecode = True
os.chdir(REPO)
sys.path.insert(0, os.path.join(REPO, "pkg"))
print(f"Pyodide {platform.python_implementation()} {platform.python_version()} "
      f"on {sys.platform}", flush=True)
import pytest
int(pytest.main(list(PYTEST_ARGS)))
`);
  process.stdout.write(`\nPyodide run finished in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err && err.stack ? err.stack : String(err));
    process.exit(3);
  },
);
