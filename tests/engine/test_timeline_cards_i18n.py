"""The Timeline page translates every text the shared page code asks for.

``site/play/common/ui.py`` (and the other shared page modules) ask for their
texts as ``self.tr("ui.key", "English default", ...)``; the Timeline page
answers from :data:`timegames.timeline_cards.i18n.LABELS`, so a ``ui.`` key
missing there stays English in German, French and Italian.
"""

from __future__ import annotations

import re
from pathlib import Path

from timegames.timeline_cards.i18n import LABELS

COMMON = Path(__file__).resolve().parents[2] / "site" / "play" / "common"
SHARED = ("ui.py", "tournament.py", "widgets.py", "views.py", "orders.py")

# self.tr("ui.key", "English" "continued", ...): the default may be split over lines.
TR_CALL = re.compile(r'\.tr\(\s*"(ui\.[\w.]+)",\s*((?:"(?:[^"\\]|\\.)*"\s*)+)')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def shared_ui_texts() -> dict[str, str]:
    """Every ``ui.`` key the shared page code asks for, with its English default."""
    found: dict[str, str] = {}
    for name in SHARED:
        path = COMMON / name
        if not path.exists():
            continue
        for key, literals in TR_CALL.findall(path.read_text(encoding="utf-8")):
            found[key] = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', literals))
    return found


def test_the_shared_page_code_asks_for_ui_keys() -> None:
    texts = shared_ui_texts()
    # The regex still matches the way ui.py is written.
    assert len(texts) >= 30
    assert texts["ui.saved_games"] == "Saved games"
    assert texts["ui.moves_count"] == "{n} moves"


def test_every_shared_ui_text_is_translated_in_four_languages() -> None:
    texts = shared_ui_texts()
    assert set(LABELS) == {"de", "fr", "it", "en"}
    missing = [(lang, key) for key in sorted(texts) for lang in LABELS if not LABELS[lang].get(key)]
    assert not missing, missing


def test_translations_keep_the_english_placeholders() -> None:
    for key, english in shared_ui_texts().items():
        wanted = sorted(PLACEHOLDER.findall(english))
        for lang, labels in LABELS.items():
            assert sorted(PLACEHOLDER.findall(labels[key])) == wanted, (lang, key)


def test_the_saved_games_texts_are_not_left_in_english() -> None:
    for key in ("ui.saved_games", "ui.open", "ui.download", "ui.delete", "ui.close"):
        assert LABELS["de"][key] != LABELS["en"][key], key
        assert LABELS["fr"][key] != LABELS["en"][key], key
        assert LABELS["it"][key] != LABELS["en"][key], key


def test_the_english_labels_are_the_shared_code_defaults() -> None:
    for key, english in shared_ui_texts().items():
        assert LABELS["en"][key] == english, key
