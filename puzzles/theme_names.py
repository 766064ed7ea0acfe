"""What the training page calls each puzzle theme. The API keeps lichess's keys (``mateIn2``,
``crushing``; engine.puzzles.themes finds them, docs/puzzles.md defines them); a player reads
these names, in their language. A key without a name here is shown as it is."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from engine.puzzles import MAX_PLIES

MATE_IN_MAX = (MAX_PLIES + 1) // 2  # the longest solution the miners keep, in the solver's moves

NAMES = {
    "mate": _("Checkmate"),
    "boardmate": _("Mate on one level"),
    "spacemate": _("Mate across levels"),
    "advantage": _("Advantage"),
    "crushing": _("Crushing"),
    "fork": _("Fork"),
    "pin": _("Pin"),
    "promotion": _("Promotion"),
    "placement": _("Placement from the reserve"),
    "attackBoardMove": _("Attack board move"),
    "oneMove": _("One-move puzzle"),
    "short": _("Short puzzle"),
    "long": _("Long puzzle"),
    "veryLong": _("Very long puzzle"),
}


def theme_names() -> dict[str, str]:
    """Every theme key the miners give, with its name in the active language."""
    names = {key: str(name) for key, name in NAMES.items()}
    for n in range(1, MATE_IN_MAX + 1):
        names[f"mateIn{n}"] = ngettext("Mate in %(count)d move", "Mate in %(count)d moves", n) % {"count": n}
    return names
