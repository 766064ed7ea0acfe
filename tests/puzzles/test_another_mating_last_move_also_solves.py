"""As lichess does for a mate: the last move of an attempt may be another move than the line's
if it mates too; any other move off the line is a miss, at the move where it left the line."""
import pytest

from puzzles.checking import check_attempt
from games.variants import variant_get
from tests.puzzles.lines import OTHER_MATE, make_puzzle, other_move

pytestmark = pytest.mark.django_db


def test_the_other_mate_is_correct(as_alice):
    variant_key, seed, other = OTHER_MATE
    puzzle = make_puzzle(variant_key, seed=seed)
    assert puzzle.solution[-1] != other
    body = as_alice.post(f"/api/v1/puzzles/{puzzle.public_id}/attempt/",
                         {"moves": [*puzzle.solution[:2], other]}, format="json").json()
    assert body["correct"] is True and body["failed_at"] is None and body["rated"] is True


def test_a_non_mating_last_move_and_a_wrong_first_move_are_misses():
    variant_key, seed, _ = OTHER_MATE
    puzzle = make_puzzle(variant_key, seed=seed)
    variant = variant_get(variant_key)
    quiet = other_move(puzzle, 2)  # legal, no mate
    verdict = check_attempt(variant, puzzle.fen, puzzle.solution, [*puzzle.solution[:2], quiet])
    assert (verdict.correct, verdict.failed_at) == (False, 2)
    verdict = check_attempt(variant, puzzle.fen, puzzle.solution, [other_move(puzzle, 0)])
    assert (verdict.correct, verdict.failed_at) == (False, 0)
