"""The engine worker: Pyodide runs the timegames engine off the page's main thread.

The page (MicroPython) calls ``request`` with a JSON string and gets a JSON
string back; without SharedArrayBuffer nothing synchronous crosses the
worker boundary, and plain JSON keeps the contract simple and testable.
All game logic is in ``timegames.core.session.Session``.
"""

import json

from timegames.core.record import MAX_DEPTH, RecordError, loads
from timegames.core.session import Session

SESSION = Session()


def request(payload):
    """Handle one JSON request from the page and answer in JSON.

    ``Session.handle`` never raises; what can still fail here is reading the
    request (not JSON, nested too deeply) or writing an answer that strict
    JSON cannot hold.  The page gets a refusal either way, never silence.
    """
    try:
        # Measured before parsing: deep nesting would overflow the worker's stack.
        data = loads(payload, MAX_DEPTH)
    except RecordError as err:
        return json.dumps({"ok": False, "error": f"bad request: {err}", "rule": "request"})
    except (ValueError, RecursionError):
        return json.dumps({"ok": False, "error": "the request is not JSON", "rule": "request"})
    answer = SESSION.handle(data)
    try:
        return json.dumps(answer, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as err:
        error = f"internal engine error: {err!r}"[:300]
        return json.dumps({"ok": False, "error": error, "rule": "internal"})


__export__ = ["request"]
