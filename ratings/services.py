"""Rating a finished game: both players' Glicko-2 ratings change once, inside the transaction
that ends the game (called from the `games.signals.game_ending` receiver).

Exactly once: `game_ending` is sent only by the one writer whose compare-and-set ended the game,
the two Rating rows are locked in a fixed order, and the unique (user, game) constraint on
RatingChange would roll back (and so refuse) a second rating of the same game.
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.clock import CORRESPONDENCE
from games.models import Game

from . import glicko2
from .models import Rating, RatingChange
from .periods import is_provisional, rd_after_inactivity

_SCORES = {Game.Result.WHITE_WINS: (1.0, 0.0), Game.Result.BLACK_WINS: (0.0, 1.0),
           Game.Result.DRAW: (0.5, 0.5)}


def _locked_ratings(user_ids: list[int], variant: str, speed: str) -> dict[int, Rating]:
    for user_id in user_ids:
        # get_or_create retries the read when a concurrent transaction created the row first.
        Rating.objects.get_or_create(user_id=user_id, variant=variant, speed=speed)
    # One order for every transaction: two games ending at once cannot deadlock on the rows.
    rows = (Rating.objects.select_for_update()
            .filter(user_id__in=user_ids, variant=variant, speed=speed).order_by("user_id"))
    return {row.user_id: row for row in rows}


def rating_apply_game_result(*, game: Game) -> list[RatingChange]:
    """Record both players' ratings on `game` and, for a rated game with a result, rate it:
    only their ratings in the game's variant at its speed (a live game's bullet, blitz, rapid
    or classical; correspondence apart). Aborted and casual games never change a rating.
    Must run inside the ending transaction."""
    if game.status != Game.Status.FINISHED or game.result not in _SCORES:
        return []
    with transaction.atomic():
        now = timezone.now()
        rows = _locked_ratings(sorted({game.white_id, game.black_id}), game.variant,
                               game.speed)
        white, black = rows[game.white_id], rows[game.black_id]
        before = {}
        for row in (white, black):
            rd = rd_after_inactivity(rd=row.rd, volatility=row.volatility, since=row.rated_at,
                                     now=now)
            before[row.user_id] = glicko2.Rating(row.rating, rd, row.volatility)
        # The players' ratings as they stood when the game ended (export, archive filter).
        Game.objects.filter(pk=game.pk).update(white_rating=round(white.rating),
                                               black_rating=round(black.rating))
        game.white_rating, game.black_rating = round(white.rating), round(black.rating)
        if not game.rated:
            return []
        changes = []
        scores = dict(zip((game.white_id, game.black_id), _SCORES[game.result]))
        for row, other in ((white, black), (black, white)):
            score = scores[row.user_id]
            mine = before[row.user_id]
            after = glicko2.rate(mine, [glicko2.Result(before[other.user_id], score)])
            changes.append(RatingChange(
                user_id=row.user_id, game_id=game.pk, rating_before=mine.rating,
                rating_after=after.rating, rd_before=mine.rd, rd_after=after.rd,
                volatility_after=after.volatility, score=score))
            row.rating, row.rd, row.volatility = after.rating, after.rd, after.volatility
            row.games_rated += 1
            row.wins += score == 1.0
            row.draws += score == 0.5
            row.losses += score == 0.0
            if not is_provisional(after.rd):
                row.peak = max(row.peak or after.rating, after.rating)
            row.rated_at = now
            row.save()
        RatingChange.objects.bulk_create(changes)
    return changes


def rating_seed(*, user_id: int, variant: str, rating: float, rd: float,
                speed: str = CORRESPONDENCE) -> bool:
    """Give a player a starting rating in `variant` at `speed` unless one exists (True when
    created). For the built-in bots' measured starting points (bots.calibration): a rating
    earned in games is never overwritten."""
    _, created = Rating.objects.get_or_create(
        user_id=user_id, variant=variant, speed=speed,
        defaults={"rating": rating, "rd": rd, "peak": rating, "rated_at": timezone.now()})
    return created
