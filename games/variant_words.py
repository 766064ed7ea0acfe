"""The engine's words about its games - each game's one-line summary, its pieces' names, its
options' labels - in the request's language. engine/ has no Django (and no translations), so its
English is looked up here, word for word, at the pages' door (games.web.variants); a text this
table does not know is shown as the engine gives it (tests/i18n checks that every game's words
are here)."""
from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.engine_words import PIECES, said

SUMMARIES = {
    "Maack's 1907 space chess on a 5x5x5 cube: the classic pieces plus the unicorn.":
        gettext_lazy("Maack's 1907 space chess on a 5x5x5 cube: the classic pieces plus the "
                     "unicorn."),
    "Aikin's modern Raumschach: a king that can be mated, leaping unicorns, double steps, and a "
    "wizard, guard and silver unicorn in reserve.":
        gettext_lazy("Aikin's modern Raumschach: a king that can be mated, leaping unicorns, double "
                     "steps, and a wizard, guard and silver unicorn in reserve."),
    "Pacey's Glinski chess in three dimensions: five hexagonal levels of 37 cells, the unicorn "
    "changes level and colour.":
        gettext_lazy("Pacey's Glinski chess in three dimensions: five hexagonal levels of 37 cells, "
                     "the unicorn changes level and colour."),
    "Tri-dimensional chess: three fixed 4x4 boards and six 2x2 attack boards that move, carrying "
    "their pieces.":
        gettext_lazy("Tri-dimensional chess: three fixed 4x4 boards and six 2x2 attack boards that "
                     "move, carrying their pieces."),
}
OPTION_LABELS = {"Castling (optional rule)": gettext_lazy("Castling (optional rule)")}


def summary_words(text: str) -> str:
    return said(SUMMARIES, text)


def piece_words(name: str) -> str:
    return said(PIECES, name)


def option_words(label: str) -> str:
    return said(OPTION_LABELS, label)
