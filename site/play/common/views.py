"""Deep-linked views for a game page (runs on MicroPython in the main thread).

A page with several views (a list, a map, one view per place) names each by a
hash route such as ``#/location/uruk``.  :class:`Views` reads the route, shows
the matching ``<section id="view-NAME">`` and marks its tab, so a link, the
browser's back button or a bookmark opens the same view.  Routes start with
``#/`` so they never clash with the shared ``#g=`` game links and
``#example=`` rule examples.
"""

import js as window
from js import document


def parse_route(hash_text):
    """``#/location/uruk`` → ``("location", "uruk")``; anything else → ``(None, "")``."""
    text = str(hash_text or "")
    if not text.startswith("#/"):
        return None, ""
    name, _, arg = text[2:].partition("/")
    try:
        arg = str(window.decodeURIComponent(arg))
    except Exception:
        pass  # a malformed escape: keep the text as typed; the page refuses unknown names
    return name, arg


def route_hash(name, arg=""):
    """The hash for a view: ``route_hash("location", "uruk")`` → ``#/location/uruk``."""
    text = "#/" + name
    if arg:
        text += "/" + str(window.encodeURIComponent(arg))
    return text


class Views:
    """Which of a page's views is shown, kept in step with the address bar."""

    def __init__(self, names, default):
        self.names = tuple(names)
        self.default = default
        self.name = default
        self.arg = ""

    def read(self):
        """Take the route from the address bar; unknown routes keep the current view."""
        name, arg = parse_route(window.location.hash)
        if name in self.names:
            self.name, self.arg = name, arg
            return True
        return False

    def go(self, name, arg="", push=True):
        """Show a view and put its route in the address bar (a history entry if ``push``)."""
        self.name, self.arg = name, arg
        url = str(window.location.pathname) + str(window.location.search) + route_hash(name, arg)
        if push:
            window.history.pushState(None, "", url)
        else:
            window.history.replaceState(None, "", url)
        self.show()

    def show(self):
        """Unhide ``#view-NAME``, hide the others and mark the current tab."""
        document.documentElement.setAttribute("data-route", self.name)
        for name in self.names:
            section = document.getElementById("view-" + name)
            if section:
                section.hidden = name != self.name
            tab = document.getElementById("tab-" + name)
            if tab:
                if name == self.name:
                    tab.setAttribute("aria-current", "page")
                else:
                    tab.removeAttribute("aria-current")
