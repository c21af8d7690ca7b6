// Build time (build.py, under Node): the engine as the page's worker imports it.
//
//   node archive.build.mjs PYODIDE_DIR WHEEL OUT
//
// OUT is a zip of the wheel's package with each module's bytecode beside its
// source, compiled by the pinned Pyodide's own Python.  The worker puts the
// zip on sys.path as it is: nothing is unpacked, and nothing is compiled as
// the engine is imported (together about 70 ms of a first visit).  The
// bytecode files are "unchecked hash" pycs, which Python takes without
// comparing them to the source; another Python version ignores them (their
// magic number differs) and compiles the source instead.
import { readFileSync, writeFileSync } from "fs";
import { pathToFileURL } from "url";

const [pyodideDir, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({});
pyodide.FS.writeFile("/tmp/engine.whl", readFileSync(wheel));
pyodide.runPython(`
import os, py_compile, zipfile

# A fixed date keeps the archive's bytes, and so the site's version, stable.
def entry(name):
    info = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info

with zipfile.ZipFile("/tmp/engine.whl") as wheel, \\
        zipfile.ZipFile("/tmp/engine.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for name in sorted(wheel.namelist()):
        if ".dist-info/" in name:
            continue
        data = wheel.read(name)
        archive.writestr(entry(name), data)
        if name.endswith(".py"):
            with open("/tmp/module.py", "wb") as source:
                source.write(data)
            py_compile.compile(
                "/tmp/module.py",
                cfile="/tmp/module.pyc",
                # Named as it is on the worker's sys.path, for tracebacks.
                dfile=os.path.join(os.getcwd(), "engine.zip", name),
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
            with open("/tmp/module.pyc", "rb") as compiled:
                archive.writestr(entry(name[:-3] + ".pyc"), compiled.read())
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/engine.zip"));
