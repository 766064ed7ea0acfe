"""A tournament's state as every client gets it (the REST detail, the page's socket): the
selectors' read through the declared serializer, in one place."""
from __future__ import annotations

from . import selectors
from .api.serializers import TournamentOut


def tournament_state(*, tournament_id: str, user=None) -> dict:
    tournament = selectors.tournament_get(tournament_id=tournament_id)
    return TournamentOut(selectors.tournament_detail(tournament, user=user)).data
