"""Games made by a pairing instead of a challenge (a tournament's rounds, issue 43): the two
players and the colours are given. The caller (tournaments.services) holds the transaction;
everything the start of a game tells (events, games.signals) goes out after its commit, as for a
challenge's game."""
from __future__ import annotations

from django.utils import timezone

from games import events, signals
from games.errors import InvalidInput
from games.models import DAYS_PER_MOVE_CHOICES, Game
from games.variants import option_values, variant_with_options

from .commit import after_commit
from .vacation import clock_for_turn


def game_create_paired(*, white, black, variant: str, variant_options: dict | None,
                       days_per_move: int | None, rated: bool,
                       tournament_id: str | None = None) -> Game:
    """Start a game of `variant` between `white` and `black` (the start position of the
    variant and its options; UnknownVariant / BadVariantOption otherwise). The bot hook, the
    "your turn" note and mail hear of it after commit, as of a challenge's game."""
    if white.pk == black.pk:
        raise InvalidInput("A game needs two players.")
    if days_per_move is not None and days_per_move not in DAYS_PER_MOVE_CHOICES:
        raise InvalidInput("days_per_move is not one of the offered time controls.")
    rules = variant_with_options(variant, variant_options)
    start = rules.start_fen
    game = Game.objects.create(white=white, black=black, days_per_move=days_per_move,
                               rated=rated, variant=rules.key,
                               variant_options=option_values(rules), start_fen=start, fen=start,
                               tournament_id=tournament_id,
                               **clock_for_turn(user_id=white.pk, days_per_move=days_per_move,
                                                now=timezone.now()))
    after_commit(events.publish_your_turn, public_id=game.public_id, variant=game.variant,
                 user_id=white.pk, ply=0, deadline=game.deadline)
    after_commit(signals.send_after_commit, signal=signals.game_started, game_id=game.pk)
    after_commit(signals.send_after_commit, signal=signals.turn_passed, game_id=game.pk,
                 player_id=white.pk)
    return game
