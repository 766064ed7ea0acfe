"""Reads of the puzzles: one puzzle by id, the next puzzle for a player, and a player's puzzle
ratings."""
from __future__ import annotations

import random

from django.db.models import Count, Exists, F, OuterRef

import engine
from ratings import glicko2

from .errors import NoPuzzleLeft, PuzzleNotFound
from .models import Puzzle, PuzzleAttempt, PuzzleRating

NEAREST = 10  # `next` draws among this many puzzles nearest the player's rating (variety)
_FIELDS = ("public_id", "variant", "fen", "solution", "themes", "rating", "rd", "plays")


def puzzle_get(*, public_id: str) -> Puzzle:
    """The puzzle with this public id; PuzzleNotFound (404 not_found)."""
    found = (Puzzle.objects.filter(public_id=public_id)
             .annotate(game_public_id=F("game__public_id")).first())
    if found is None:
        raise PuzzleNotFound()
    return found


def player_puzzle_rating(*, user, variant: str) -> float:
    """The player's puzzle rating in `variant` (the starting 1500 for anyone without one)."""
    if not user.is_authenticated:
        return glicko2.START_RATING
    found = (PuzzleRating.objects.filter(user=user, variant=variant)
             .values_list("rating", flat=True).first())
    return glicko2.START_RATING if found is None else found


def puzzle_next(*, user, variant: engine.Variant, rng: random.Random | None = None) -> Puzzle:
    """A puzzle of `variant` the player has not played, among the NEAREST nearest their puzzle
    rating (1500 for anyone logged out); NoPuzzleLeft when none is. Two reads walk the
    (variant, rating) index up and down from the rating, plus one for a player's rating."""
    target = player_puzzle_rating(user=user, variant=variant.key)
    found = Puzzle.objects.filter(variant=variant.key).annotate(game_public_id=F("game__public_id"))
    if user.is_authenticated:
        found = found.exclude(Exists(PuzzleAttempt.objects.filter(user=user, puzzle=OuterRef("pk"))))
    above = list(found.filter(rating__gte=target).order_by("rating", "pk")[:NEAREST])
    below = list(found.filter(rating__lt=target).order_by("-rating", "-pk")[:NEAREST])
    near = sorted(above + below, key=lambda puzzle: abs(puzzle.rating - target))[:NEAREST]
    if not near:
        raise NoPuzzleLeft()
    return (rng or random).choice(near)


def puzzle_ratings_of(*, user) -> dict[str, dict]:
    """The player's puzzle ratings by variant key: {rating, rd, attempts, solved} (none for
    anyone logged out or for a game never tried)."""
    if not user.is_authenticated:
        return {}
    rows = PuzzleRating.objects.filter(user=user).values("variant", "rating", "rd", "attempts", "solved")
    return {row.pop("variant"): row for row in rows}


def puzzle_counts() -> dict[str, int]:
    """How many puzzles each variant has."""
    rows = Puzzle.objects.values("variant").annotate(n=Count("pk")).values_list("variant", "n")
    return dict(rows)


def unmined_game_ids(*, limit: int) -> list[int]:
    """Up to `limit` finished games the archive job has not mined, newest first."""
    from games.models import Game

    from .models import MinedGame

    return list(Game.objects.filter(status=Game.Status.FINISHED)
                .exclude(Exists(MinedGame.objects.filter(game=OuterRef("pk"))))
                .order_by("-pk").values_list("pk", flat=True)[:limit])
