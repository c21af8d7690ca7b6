// Build time (build.py, under Node): the Python the page's worker runs,
// compiled to bytecode by the pinned Pyodide's own Python.
//
//   node bytecode.build.mjs PYODIDE_DIR WHEEL ENGINE_OUT STDLIB_OUT
//
// ENGINE_OUT: the wheel's package as a zip, each module's bytecode beside its
// source.  The worker puts the zip on sys.path as it is, so nothing is
// unpacked, and nothing is compiled as the engine is imported.
//
// STDLIB_OUT: Pyodide's standard library with the modules Pyodide and the
// engine import compiled.  The npm package ships it as source, so a browser
// compiled about 140 modules (asyncio, ast, inspect, typing, json ...) every
// time Python started: most of a first start.  Pyodide's own "pyc" build
// ships them compiled; this does the same for the modules the site uses
// (found by importing every game here), each in place of its source.  The
// others stay source and are compiled if ever imported.
//
// The pycs are "unchecked hash" ones: Python takes them without looking for
// a source to compare.  Another Python version ignores them (their magic
// number differs) and compiles the source instead.
import { readFileSync, writeFileSync } from "fs";
import { pathToFileURL } from "url";

const [pyodideDir, wheel, engineOut, stdlibOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({});
pyodide.FS.writeFile("/tmp/engine.whl", readFileSync(wheel));
pyodide.FS.writeFile("/tmp/stdlib.zip", readFileSync(`${pyodideDir}/python_stdlib.zip`));
pyodide.runPython(`
import os, py_compile, sys, zipfile

# Where the worker puts the engine, and where Pyodide mounts the standard
# library: compiled code is named from there, for tracebacks.
ENGINE = os.path.join(os.getcwd(), "engine.zip")
STDLIB = next(p for p in sys.path if p.endswith(".zip") and "/lib/python" in p) + "/"
# A fixed date keeps the engine zip's bytes, and so the site's version, stable.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def add(archive, name, data, date_time):
    info = zipfile.ZipInfo(name, date_time)
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def add_compiled(archive, name, source, shown_as, date_time):
    """Add NAME's bytecode (NAME.pyc, for NAME.py) compiled from SOURCE."""
    with open("/tmp/module.py", "wb") as file:
        file.write(source)
    py_compile.compile(
        "/tmp/module.py",
        cfile="/tmp/module.pyc",
        dfile=shown_as,
        doraise=True,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
    )
    with open("/tmp/module.pyc", "rb") as file:
        add(archive, name[:-3] + ".pyc", file.read(), date_time)


with zipfile.ZipFile("/tmp/engine.whl") as wheel, \\
        zipfile.ZipFile(ENGINE, "w", zipfile.ZIP_DEFLATED) as archive:
    for name in sorted(wheel.namelist()):
        if ".dist-info/" in name:
            continue
        data = wheel.read(name)
        add(archive, name, data, FIXED_DATE)
        if name.endswith(".py"):
            add_compiled(archive, name, data, os.path.join(ENGINE, name), FIXED_DATE)

sys.path.insert(0, ENGINE)
import timegames
from timegames.core.session import Session

for slug in timegames.GAMES:
    Session().handle({"op": "describe", "game": slug})
used = {
    module.__file__[len(STDLIB):]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(STDLIB)
}
with zipfile.ZipFile("/tmp/stdlib.zip") as source, \\
        zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for info in source.infolist():
        data = source.read(info)
        if info.filename in used and info.filename.endswith(".py"):
            add_compiled(archive, info.filename, data, STDLIB + info.filename, info.date_time)
        else:
            archive.writestr(info, data)
`);
writeFileSync(engineOut, pyodide.FS.readFile(pyodide.runPython("ENGINE")));
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/compiled.zip"));
