"""An attempt at a puzzle: checked by the engine (puzzles.checking), then, for a logged-in
player's first attempt on that puzzle, rated like a game between the player and the puzzle
(lichess's puzzle ratings): both Glicko-2 ratings move, the player's by a win when solved and
the puzzle's by the opposite result, each rated against the other's rating before the attempt.

Exactly once per player and puzzle: the player's PuzzleRating row is locked first (so one
player's attempts are rated one at a time), then the puzzle's row; an attempt already stored
for the pair means this one is answered but not rated, and the unique (user, puzzle) constraint
is the last line. Anyone logged out is answered, never rated (lichess does the same)."""
from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ratings import glicko2
from ratings.periods import is_provisional, rd_after_inactivity
from games.variants import variant_get

from .checking import check_attempt
from .models import Puzzle, PuzzleAttempt, PuzzleRating
from .selectors import puzzle_get


def _glicko(row) -> dict:
    return {"rating": round(row.rating), "rd": round(row.rd), "provisional": is_provisional(row.rd)}


def puzzle_attempt(*, user, public_id: str, moves: list, seconds: float = 0.0) -> dict:
    """Check and (once per player and puzzle) rate an attempt: {id, correct, failed_at, rated,
    rating_diff, rating (the player's, or None), puzzle_rating}. PuzzleNotFound (404),
    BadAttempt (400) before anything is written."""
    puzzle = puzzle_get(public_id=public_id)
    variant = variant_get(puzzle.variant)
    verdict = check_attempt(variant, puzzle.fen, puzzle.solution, moves)
    answer = {"id": puzzle.public_id, "correct": verdict.correct, "failed_at": verdict.failed_at,
              "rated": False, "rating_diff": 0, "rating": None, "puzzle_rating": round(puzzle.rating)}
    if not user.is_authenticated:
        return answer
    with transaction.atomic():
        PuzzleRating.objects.get_or_create(user=user, variant=puzzle.variant)
        mine = PuzzleRating.objects.select_for_update().get(user=user, variant=puzzle.variant)
        answer["rating"] = _glicko(mine)
        if PuzzleAttempt.objects.filter(user=user, puzzle=puzzle).exists():
            return answer
        it = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        now = timezone.now()
        player = glicko2.Rating(mine.rating, rd_after_inactivity(rd=mine.rd, volatility=mine.volatility,
                                                                  since=mine.rated_at, now=now),
                                mine.volatility)
        problem = glicko2.Rating(it.rating, it.rd, it.volatility)
        score = 1.0 if verdict.correct else 0.0
        player_after = glicko2.rate(player, [glicko2.Result(problem, score)])
        problem_after = glicko2.rate(problem, [glicko2.Result(player, 1.0 - score)])
        PuzzleAttempt.objects.create(
            user=user, puzzle=it, correct=verdict.correct, moves=list(moves), seconds=seconds,
            rating_before=player.rating, rating_after=player_after.rating,
            puzzle_rating_before=problem.rating, puzzle_rating_after=problem_after.rating)
        mine.rating, mine.rd, mine.volatility = player_after.rating, player_after.rd, player_after.volatility
        mine.attempts += 1
        mine.solved += verdict.correct
        mine.rated_at = now
        mine.save()
        Puzzle.objects.filter(pk=it.pk).update(rating=problem_after.rating, rd=problem_after.rd,
                                               volatility=problem_after.volatility,
                                               plays=F("plays") + 1)
    answer.update(rated=True, rating=_glicko(mine),
                  rating_diff=round(player_after.rating) - round(player.rating),
                  puzzle_rating=round(problem_after.rating))
    return answer
