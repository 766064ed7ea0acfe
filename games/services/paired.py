"""Games made by a pairing instead of a challenge (a tournament's rounds, issue 43): the two
players and the colours are given. The caller (tournaments) holds the transaction; everything
the start of a game tells (events, games.signals, a live game's flag timer) goes out after its
commit, as for a challenge's game."""
from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from games import events, signals
from games.clock import check_time_control
from games.errors import InvalidInput
from games.models import Game
from games.variants import option_values, variant_with_options

from . import clocks
from .commit import after_commit
from .vacation import clock_for_turn


def game_create_paired(*, white, black, variant: str, variant_options: dict | None,
                       days_per_move: int | None, rated: bool, tournament_id: str | None = None,
                       clock_limit: int | None = None,
                       clock_increment: int | None = None) -> Game:
    """Start a game of `variant` between `white` and `black` from the variant's start position
    (UnknownVariant / BadVariantOption otherwise), by correspondence (`days_per_move`) or live
    (`clock_limit` + `clock_increment`: InvalidClock as for a challenge). The bot hook, the
    "your turn" note and mail hear of it after commit, as of a challenge's game."""
    if white.pk == black.pk:
        raise InvalidInput(_("A game needs two players."))
    clock_limit, clock_increment = check_time_control(
        clock_limit=clock_limit, clock_increment=clock_increment, days_per_move=days_per_move)
    rules = variant_with_options(variant, variant_options)
    start = rules.start_fen
    now = timezone.now()
    game = Game(white=white, black=black, days_per_move=days_per_move, rated=rated,
                variant=rules.key, variant_options=option_values(rules), start_fen=start,
                fen=start, tournament_id=tournament_id)
    for name, value in {**clock_for_turn(user_id=white.pk, days_per_move=days_per_move, now=now),
                        **clocks.clock_new_game_fields(clock_limit=clock_limit,
                                                       clock_increment=clock_increment,
                                                       days_per_move=days_per_move,
                                                       now=now)}.items():
        setattr(game, name, value)
    game.save()
    if clocks.is_live(game):
        after_commit(clocks.flag_schedule, game_id=game.pk, ply=0, deadline=game.deadline)
    after_commit(events.publish_your_turn, public_id=game.public_id, variant=game.variant,
                 user_id=white.pk, ply=0, deadline=game.deadline)
    after_commit(signals.send_after_commit, signal=signals.game_started, game_id=game.pk)
    after_commit(signals.send_after_commit, signal=signals.turn_passed, game_id=game.pk,
                 player_id=white.pk)
    return game
