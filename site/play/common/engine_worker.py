"""The engine worker: Pyodide runs the timegames engine off the page's main thread.

The page (MicroPython) calls ``request`` with a JSON string and gets a JSON
string back; without SharedArrayBuffer nothing synchronous crosses the
worker boundary, and plain JSON keeps the contract simple and testable.
All game logic is in ``timegames.core.session.Session``.
"""

import json

from timegames.core.session import Session

SESSION = Session()


def request(payload):
    """Handle one JSON request from the page and answer in JSON."""
    try:
        answer = SESSION.handle(json.loads(payload))
    except Exception as err:  # noqa: BLE001 - the page must always get an answer
        answer = {"ok": False, "error": f"internal engine error: {err!r}", "rule": "internal"}
    return json.dumps(answer)


__export__ = ["request"]
