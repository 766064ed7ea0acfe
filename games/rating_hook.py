"""The one place `games` reads ratings. The ratings app hands its two readers over when it
starts (`RatingsConfig.ready`), so `games` never imports `ratings`: ratings listens to games
(games.signals) and games asks through here, the same seam as `games.bot_hook`."""
from __future__ import annotations

from collections.abc import Callable

_rating_of: Callable[[int], object] | None = None
_ratings_of: Callable[[list[int]], dict] | None = None


def register_rating_readers(*, rating_of: Callable[[int], object],
                            ratings_of: Callable[[list[int]], dict]) -> None:
    """Called once by the ratings app: `rating_of(user_id)` gives one player's rating view
    (rating, rd, provisional, games_rated, shown), `ratings_of(user_ids)` several by id."""
    global _rating_of, _ratings_of
    _rating_of, _ratings_of = rating_of, ratings_of


def _readers() -> tuple[Callable[[int], object], Callable[[list[int]], dict]]:
    if _rating_of is None or _ratings_of is None:
        raise RuntimeError("no ratings app registered its readers (is 'ratings' in INSTALLED_APPS?)")
    return _rating_of, _ratings_of


def rating_of(user_id: int):
    """The player's rating view (rating, rd, provisional, games_rated, shown)."""
    return _readers()[0](user_id)


def ratings_of(user_ids: list[int]) -> dict:
    return _readers()[1](user_ids)
