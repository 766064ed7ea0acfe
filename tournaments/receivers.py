"""tournaments listens to games (games never imports tournaments): a tournament game's end is
recorded in the ending's own transaction, and after its commit the tournament's advance is
handed to the background (rounds.advance_later), so the request that ended the game never
waits for a pairing."""
from __future__ import annotations

from django.db import transaction

from . import rounds


def on_game_ending(sender, game, **kwargs) -> None:
    tournament_id = rounds.record_result(game=game)
    if tournament_id is not None:
        transaction.on_commit(lambda: rounds.advance_later(tournament_id=tournament_id),
                              robust=True)
