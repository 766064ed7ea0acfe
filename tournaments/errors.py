"""The errors of tournaments: part of the one hierarchy rooted at core.errors.SiteError (the
REST API answers `{"error": code, "detail": message}`). Each is raised before anything is
written, or inside the transaction that would have written it."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from core.errors import SiteError


class TournamentError(SiteError):
    """An error of tournaments."""


# 400
class InvalidTournament(TournamentError):
    code = "invalid"
    default_detail = _("Invalid tournament.")


class UnknownSystem(TournamentError):
    code = "unknown_system"
    default_detail = _("No such tournament system.")


# 403
class NotTheCreator(TournamentError):
    code = "not_the_creator"
    status = 403
    default_detail = _("Only the tournament's creator may do that.")


# 404
class TournamentNotFound(TournamentError):
    code = "not_found"
    status = 404
    default_detail = _("No such tournament.")


# 409
class TournamentFull(TournamentError):
    code = "tournament_full"
    status = 409
    default_detail = _("The tournament is full.")


class AlreadyStarted(TournamentError):
    code = "tournament_started"
    status = 409
    default_detail = _("The tournament has already started.")


class AlreadyFinished(TournamentError):
    code = "tournament_finished"
    status = 409
    default_detail = _("The tournament is over.")


class AlreadyJoined(TournamentError):
    code = "already_joined"
    status = 409
    default_detail = _("You have already joined this tournament.")


class NotJoined(TournamentError):
    code = "not_joined"
    status = 409
    default_detail = _("You are not a player of this tournament.")


class TooFewPlayers(TournamentError):
    code = "too_few_players"
    status = 409
    default_detail = _("Not enough players to start.")
