"""The errors of game analysis: part of the one hierarchy rooted at core.errors.SiteError (the
REST API answers `{"error": code, "detail": message}`); every one is raised before anything
is stored or queued."""
from __future__ import annotations

from django.utils.translation import gettext_lazy

from core.errors import RateLimited, SiteError


class AnalysisError(SiteError):
    """An error of game analysis."""


class FairPlay(AnalysisError):
    code = "fair_play"
    status = 403
    default_detail = gettext_lazy("No engine analysis of your own game while it runs: it is "
                                  "available once the game is over.")


class GameInProgress(AnalysisError):
    code = "game_in_progress"
    status = 409
    default_detail = gettext_lazy("The game is still being played; it can be analysed once it is over.")


class NothingToAnalyse(AnalysisError):
    code = "nothing_to_analyse"
    status = 409
    default_detail = gettext_lazy("No move was played in this game.")


class NotAnalysed(AnalysisError):
    code = "not_analysed"
    status = 404
    default_detail = gettext_lazy("This game has no computer analysis yet; request one with POST.")


class AnalysisBusy(RateLimited):
    code = "analysis_busy"
    default_detail = gettext_lazy("One of your analyses is still running; wait for it to finish.")


class AnalysisDailyCap(RateLimited):
    code = "analysis_daily_cap"
    default_detail = gettext_lazy("You have requested as many analyses as a day allows; try again later.")
