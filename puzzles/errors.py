"""The puzzles' errors (codes of the one hierarchy rooted at core.errors.SiteError)."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from core.errors import SiteError


class PuzzleError(SiteError):
    """An error of a puzzle request."""


class PuzzleNotFound(PuzzleError):
    code = "not_found"
    status = 404
    default_detail = _("No such puzzle.")


class NoPuzzleLeft(PuzzleError):
    code = "no_puzzle"
    status = 404
    default_detail = _("No puzzle of this game is left for you.")


class BadAttempt(PuzzleError):
    code = "bad_attempt"
    default_detail = _("Those moves are not an attempt at this puzzle.")


class BadPuzzle(PuzzleError):
    """A puzzle of a data file or of the miner that does not hold (loading refuses it)."""
    code = "bad_puzzle"
    default_detail = _("That is not a puzzle of this game.")
