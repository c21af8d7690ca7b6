#!/usr/bin/env node
// Random Time Vectors games per second inside Pyodide under Node (for bench_browser.py).
// Usage: node tests/bench/pyodide_speed.mjs GAMES
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const games = Number(process.argv[2] || 100);
const { loadPyodide } = await import(
  pathToFileURL(resolve(repo, "node_modules", "pyodide", "pyodide.mjs")).href
);
const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(repo, "pkg") }, "/repo");
const rate = pyodide.runPython(`
import sys, random, time
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
from timegames.time_vectors import GAME
rng = random.Random(1)
started = time.perf_counter()
for seed in range(${games}):
    state = GAME.new_game({}, seed)
    while not state.is_terminal():
        actions = state.legal_actions()
        state = state.play(actions[rng.randrange(len(actions))])
${games} / (time.perf_counter() - started)
`);
console.log(JSON.stringify({ games_per_second: rate }));
