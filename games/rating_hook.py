"""The one place `games` reads ratings, imported lazily like `games.bot_hook`, so `games` never
depends on the `ratings` app at import time (ratings listens to games, not the other way)."""
from __future__ import annotations


def rating_of(user_id: int):
    """The player's rating view (rating, rd, provisional, games_rated, shown)."""
    from ratings import selectors

    return selectors.rating_of(user_id=user_id)


def ratings_of(user_ids: list[int]) -> dict:
    from ratings import selectors

    return selectors.ratings_of(user_ids=user_ids)
