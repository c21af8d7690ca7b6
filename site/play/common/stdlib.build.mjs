// Build time (build.py, under Node): Pyodide's standard library with the
// modules the site uses compiled to bytecode.
//
//   node stdlib.build.mjs PYODIDE_DIR ENGINE_ZIP OUT
//
// Pyodide's npm package ships its standard library as source, so a browser
// compiles about 140 modules every time Python starts (asyncio, ast, inspect,
// typing, json, dataclasses ...): most of a first start's time.  Pyodide's
// own "pyc" distribution ships them compiled; this does the same for the
// modules that Pyodide and the engine import (found by importing every game
// here), with the pinned Pyodide's own Python.  Compiled modules replace
// their source, as in that distribution; the rest stay source and are
// compiled if ever imported.  The pycs are "unchecked hash" ones: Python
// takes them without looking for a source to compare.
import { readFileSync, writeFileSync } from "fs";
import { pathToFileURL } from "url";

const [pyodideDir, engine, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({});
const home = pyodide.runPython("import os; os.getcwd()");
pyodide.FS.writeFile(`${home}/engine.zip`, readFileSync(engine));
pyodide.FS.writeFile("/tmp/stdlib.zip", readFileSync(`${pyodideDir}/python_stdlib.zip`));
pyodide.runPython(`
import py_compile, sys, zipfile

sys.path.insert(0, ${JSON.stringify(`${home}/engine.zip`)})
import timegames
from timegames.core.session import Session

for slug in timegames.GAMES:
    Session().handle({"op": "describe", "game": slug})

# Where Pyodide mounts the standard library: module files are named from there.
STDLIB = next(p for p in sys.path if p.endswith(".zip") and "/lib/python" in p) + "/"
used = {
    module.__file__[len(STDLIB):]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(STDLIB)
}
with zipfile.ZipFile("/tmp/stdlib.zip") as source, \\
        zipfile.ZipFile("/tmp/compiled.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for info in source.infolist():
        data = source.read(info)
        if info.filename not in used or not info.filename.endswith(".py"):
            archive.writestr(info, data)
            continue
        with open("/tmp/module.py", "wb") as file:
            file.write(data)
        py_compile.compile(
            "/tmp/module.py",
            cfile="/tmp/module.pyc",
            dfile=STDLIB + info.filename,
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        compiled = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
        compiled.compress_type = zipfile.ZIP_DEFLATED
        compiled.external_attr = info.external_attr
        with open("/tmp/module.pyc", "rb") as file:
            archive.writestr(compiled, file.read())
print(len(used), "modules compiled")
`);
writeFileSync(out, pyodide.FS.readFile("/tmp/compiled.zip"));
