"""Reading the data files (tiles, cards, locations) that ship inside the game packages."""

from __future__ import annotations

import os
import sys


def read_text(module: str, name: str) -> str:
    """The text of the data file ``name`` (a ``/``-separated path) beside ``module``.

    Pass the reading module's ``__name__``.  The file is read through that
    module's own import loader, so it reads the same from a source tree, a
    wheel or the browser's zip.  Inside a zip the loader already holds the
    archive's index, read when the module was imported; :mod:`importlib.resources`
    opened the archive and read its index again, a fifth of the time Time and
    Time Again took to answer its first request in the browser.  Raises
    :class:`OSError` when there is no such file.
    """
    spec = sys.modules[module].__spec__
    get_data = getattr(spec.loader, "get_data", None) if spec else None
    if spec is None or spec.origin is None or get_data is None:
        raise FileNotFoundError(f"{module} was not imported from files: no {name} beside it")
    path = os.path.join(os.path.dirname(spec.origin), *name.split("/"))
    data: bytes = get_data(path)
    return data.decode("utf-8")
