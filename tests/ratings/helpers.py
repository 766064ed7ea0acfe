"""Helpers for the ratings tests."""
from __future__ import annotations

from games import services
from games.models import Game
from ratings.models import Rating, RatingChange
from tests.site_fixtures import make_game


def rated_game(white, black, **kwargs) -> Game:
    game = make_game(white, black, **kwargs)
    Game.objects.filter(pk=game.pk).update(rated=True)
    game.refresh_from_db()
    return game


def ratings_snapshot() -> dict:
    return {"ratings": list(Rating.objects.order_by("pk").values()),
            "changes": list(RatingChange.objects.order_by("pk").values())}


def rate_by_challenge(challenger, acceptor, *, rated: bool | None = None) -> Game:
    challenge = services.challenge_create(challenger=challenger, opponent=acceptor,
                                          color="white", days_per_move=None, rated=rated)
    return services.challenge_accept(challenge=challenge, user=acceptor)
