"""Reading ratings: a player's current rating in a variant at a speed (with inactivity growth),
history, leaderboard (per variant and speed, as lichess keeps them; correspondence by default,
the one speed before live games)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from games.clock import CORRESPONDENCE
from games.variants import DEFAULT_VARIANT, variant_get, variant_json

from . import glicko2
from .models import Rating, RatingChange
from .periods import PROVISIONAL_RD, is_provisional, rd_after_inactivity, shown

LEADERBOARD_ACTIVE_DAYS = 30
LEADERBOARD_SIZE = 50
_GROWTH_IN_ACTIVE_DAYS = 15.0  # more than a deviation grows in LEADERBOARD_ACTIVE_DAYS


@dataclass(frozen=True)
class RatingView:
    rating: int
    rd: int
    provisional: bool
    games_rated: int
    shown: str  # "1500?" while provisional
    peak: int | None
    wins: int
    draws: int
    losses: int

    def as_dict(self) -> dict:
        return {"rating": self.rating, "rd": self.rd, "provisional": self.provisional,
                "games_rated": self.games_rated}


def _view(row: Rating | None, now: datetime) -> RatingView:
    if row is None:
        row = Rating()  # never rated: the defaults, without writing a row for a page view
    rd = rd_after_inactivity(rd=row.rd, volatility=row.volatility, since=row.rated_at, now=now)
    return RatingView(rating=round(row.rating), rd=round(rd), provisional=is_provisional(rd),
                      games_rated=row.games_rated, shown=shown(row.rating, rd),
                      peak=round(row.peak) if row.peak is not None else None,
                      wins=row.wins, draws=row.draws, losses=row.losses)


def rating_of(*, user_id: int, variant: str = DEFAULT_VARIANT,
              speed: str = CORRESPONDENCE) -> RatingView:
    """The player's rating in `variant` at `speed` (the defaults if they never played it
    rated)."""
    return _view(Rating.objects.filter(user_id=user_id, variant=variant, speed=speed).first(),
                 timezone.now())


def ratings_of(*, user_ids: list[int], variant: str = DEFAULT_VARIANT,
               speed: str = CORRESPONDENCE) -> dict[int, RatingView]:
    """Ratings of many players in one variant and speed in one query (lists: the lobby, the
    leaderboard)."""
    now = timezone.now()
    rows = {row.user_id: row
            for row in Rating.objects.filter(user_id__in=set(user_ids), variant=variant,
                                             speed=speed)}
    return {user_id: _view(rows.get(user_id), now) for user_id in user_ids}


def rating_if_rated(*, user_id: int, variant: str = DEFAULT_VARIANT,
                    speed: str = CORRESPONDENCE) -> RatingView | None:
    """The player's rating in `variant` at `speed`, or None if they have none there (never
    rated in it): a page then shows no "1500?" for a game the player never played rated."""
    row = Rating.objects.filter(user_id=user_id, variant=variant, speed=speed).first()
    return None if row is None else _view(row, timezone.now())


def rating_panels(*, user_id: int) -> list[dict]:
    """A profile's ratings: one per variant the player has a rating in (a rated game of it,
    or a bot's measured starting point), most played first, each with its history as
    (game's public id, rating after) pairs starting with the rating before the first game:
    [{"variant": {key, name}, "speed", "rating": RatingView, "history": [...]}], one per
    variant and speed. Two reads in all."""
    now = timezone.now()
    rows = list(Rating.objects.filter(user_id=user_id)
                .order_by("-games_rated", "variant", "speed"))
    histories: dict[tuple[str, str], list[tuple[str | None, float]]] = {
        (row.variant, row.speed): [] for row in rows}
    changes = (RatingChange.objects.filter(user_id=user_id).order_by("created_at", "id")
               .values_list("game__variant", "game__speed", "game__public_id",
                            "rating_before", "rating_after"))
    for variant, speed, game_id, before, after in changes:
        history = histories.setdefault((variant, speed), [])
        if not history:
            history.append((None, before))
        history.append((game_id, after))
    return [{"variant": variant_json(row.variant), "speed": row.speed, "rating": _view(row, now),
             "history": histories.get((row.variant, row.speed), [])} for row in rows]


def ratings_by_variant(*, user_id: int) -> list[dict]:
    """A player's rating in every variant and speed they have a rating in (a profile's list),
    most played first: {"variant": {key, name}, "speed", **RatingView.as_dict()}."""
    now = timezone.now()
    rows = Rating.objects.filter(user_id=user_id).order_by("-games_rated", "variant", "speed")
    return [{"variant": variant_json(row.variant), "speed": row.speed,
             **_view(row, now).as_dict()} for row in rows]


def rating_history(*, user_id: int, variant: str | None = None,
                   speed: str | None = None) -> QuerySet[RatingChange]:
    """A player's rating changes, oldest first; `variant` / `speed`: only those games."""
    changes = RatingChange.objects.filter(user_id=user_id)
    if variant:
        changes = changes.filter(game__variant=variant_get(variant).key)
    if speed:
        changes = changes.filter(game__speed=speed)
    return changes.order_by("created_at", "id")


def leaderboard(*, limit: int = LEADERBOARD_SIZE, variant: str = DEFAULT_VARIANT,
                speed: str = CORRESPONDENCE) -> list[dict]:
    """Top players by rating in `variant` at `speed` among non-provisional accounts with a
    rated game of it in the last 30 days. Bots are in the same pool and marked. UnknownVariant
    for a key the engine does not know."""
    variant = variant_get(variant).key
    now = timezone.now()
    rows = (Rating.objects.select_related("user", "user__bot")
            .filter(variant=variant, speed=speed,
                    rated_at__gte=now - timedelta(days=LEADERBOARD_ACTIVE_DAYS),
                    rd__lte=PROVISIONAL_RD, user__is_active=True)
            .order_by("-rating", "user_id"))
    board = []
    for row in rows[: limit * 2]:
        view = _view(row, now)
        if view.provisional:  # the stored deviation passed, but time has grown it since
            continue
        board.append({"rank": len(board) + 1, "variant": variant_json(variant), "speed": speed,
                      "username": row.user.username,
                      "is_bot": hasattr(row.user, "bot"), "rating": view.rating, "rd": view.rd,
                      "games_rated": row.games_rated})
        if len(board) == limit:
            break
    return board


def leaderboard_provisional(*, limit: int = LEADERBOARD_SIZE, variant: str = DEFAULT_VARIANT,
                            speed: str = CORRESPONDENCE) -> list[dict]:
    """Players of `variant` whose rating is still provisional, with a rated game of it in the
    last 30 days, best first: listed apart from the ranked board (unranked, as lichess keeps
    provisional ratings off its ranking), so a newcomer finds their rating after one game."""
    variant = variant_get(variant).key
    now = timezone.now()
    rows = (Rating.objects.select_related("user", "user__bot")
            .filter(variant=variant, speed=speed, games_rated__gt=0,
                    rated_at__gte=now - timedelta(days=LEADERBOARD_ACTIVE_DAYS),
                    # 30 idle days grow a deviation by a few points only (ratings.periods):
                    # a stored one just under the bound may read provisional today.
                    rd__gt=PROVISIONAL_RD - _GROWTH_IN_ACTIVE_DAYS, user__is_active=True)
            .order_by("-rating", "user_id"))
    listed = []
    for row in rows[: limit * 2]:
        view = _view(row, now)
        if not view.provisional:
            continue
        listed.append({"variant": variant_json(variant), "username": row.user.username,
                       "is_bot": hasattr(row.user, "bot"), "rating": view.rating,
                       "rd": view.rd, "shown": view.shown, "games_rated": row.games_rated})
        if len(listed) == limit:
            break
    return listed


__all__ = ["glicko2", "RatingView", "rating_of", "rating_if_rated", "rating_panels",
           "ratings_of", "ratings_by_variant", "rating_history", "leaderboard",
           "leaderboard_provisional"]
