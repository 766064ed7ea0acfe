"""The analysis board's errors (codes of the one hierarchy rooted at core.errors.SiteError)."""
from __future__ import annotations

from django.utils.translation import gettext_lazy

from core.errors import SiteError


class AnalysisBoardError(SiteError):
    """An error of the analysis board's position, move and search requests."""


class BadPosition(AnalysisBoardError):
    code = "bad_position"
    default_detail = gettext_lazy("That is not a position of this variant.")


class BadMove(AnalysisBoardError):
    code = "illegal_move"
    default_detail = gettext_lazy("That move is not legal in this position.")


class NothingToSearch(AnalysisBoardError):
    code = "game_over"
    default_detail = gettext_lazy("The side to move has no legal move: there is nothing to search.")


class EngineOffInYourGame(AnalysisBoardError):
    code = "game_in_progress"
    status = 403
    default_detail = gettext_lazy("That is the position of a game you are playing: the engine is "
                                  "off for your games in progress.")


class NoBrowserEngine(AnalysisBoardError):
    code = "no_browser_engine"
    status = 404
    default_detail = gettext_lazy("The browser's engine does not play this variant yet; the server searches it.")
