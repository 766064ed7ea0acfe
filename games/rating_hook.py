"""The one place `games` reads ratings. The ratings app hands its readers over when it
starts (`RatingsConfig.ready`), so `games` never imports `ratings`: ratings listens to games
(games.signals) and games asks through here, the same seam as `games.bot_hook`."""
from __future__ import annotations

from collections.abc import Callable

from games.clock import CORRESPONDENCE
from games.variants import DEFAULT_VARIANT

_rating_of: Callable[[int, str, str], object] | None = None
_ratings_of: Callable[[list[int], str, str], dict] | None = None
_ratings_by_variant: Callable[[int], list[dict]] | None = None


def register_rating_readers(*, rating_of: Callable[[int, str, str], object],
                            ratings_of: Callable[[list[int], str, str], dict],
                            ratings_by_variant: Callable[[int], list[dict]]) -> None:
    """Called once by the ratings app: `rating_of(user_id, variant, speed)` gives one player's
    rating view in one variant at one speed (rating, rd, provisional, games_rated, shown),
    `ratings_of(user_ids, variant, speed)` several by id, `ratings_by_variant(user_id)` one
    player's ratings in every variant and speed they have one in. Ratings are kept per
    (player, variant, speed), as lichess does."""
    global _rating_of, _ratings_of, _ratings_by_variant
    _rating_of, _ratings_of, _ratings_by_variant = rating_of, ratings_of, ratings_by_variant


def _readers() -> tuple[Callable[[int, str, str], object], Callable[[list[int], str, str], dict]]:
    if _rating_of is None or _ratings_of is None:
        raise RuntimeError("no ratings app registered its readers (is 'ratings' in INSTALLED_APPS?)")
    return _rating_of, _ratings_of


def rating_of(user_id: int, variant: str = DEFAULT_VARIANT, speed: str = CORRESPONDENCE):
    """The player's rating view in `variant` at `speed` (rating, rd, provisional,
    games_rated, shown)."""
    return _readers()[0](user_id, variant, speed)


def ratings_of(user_ids: list[int], variant: str = DEFAULT_VARIANT,
               speed: str = CORRESPONDENCE) -> dict:
    return _readers()[1](user_ids, variant, speed)


def ratings_by_variant(user_id: int) -> list[dict]:
    """[{"variant": {key, name}, "speed", "rating", "rd", "provisional", "games_rated"}, ...]."""
    if _ratings_by_variant is None:
        raise RuntimeError("no ratings app registered its readers")
    return _ratings_by_variant(user_id)
