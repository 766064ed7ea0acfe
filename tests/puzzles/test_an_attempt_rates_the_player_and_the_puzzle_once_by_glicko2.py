"""POST /api/v1/puzzles/{id}/attempt/ {moves, seconds}: a player's first attempt at a puzzle
is rated like a game between the player and the puzzle (lichess): solved, the player gains and
the puzzle loses rating by Glicko-2 (the ratings app's); missed, the other way; later attempts
are answered but not rated; anyone logged out is answered, never rated."""
import pytest

from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from ratings import glicko2
from tests.puzzles.lines import make_puzzle, other_move

pytestmark = pytest.mark.django_db


def test_giving_up_before_any_move_is_a_miss(alice, as_alice):
    puzzle = make_puzzle("raumschach")
    body = as_alice.post(url(puzzle), {"moves": []}, format="json").json()  # "View solution"
    assert body["correct"] is False and body["failed_at"] == 0 and body["rated"] is True


def url(puzzle) -> str:
    return f"/api/v1/puzzles/{puzzle.public_id}/attempt/"


def test_a_first_solve_moves_both_ratings_as_a_hand_computed_glicko2_win(alice, as_alice):
    puzzle = make_puzzle("raumschach")
    body = as_alice.post(url(puzzle), {"moves": puzzle.solution, "seconds": 12.5}, format="json").json()
    # By hand (Glickman's steps 2-8, both at 1500/350/0.06, a win): g(phi) = 0.6691, E = 0.5,
    # v = 8.935, phi' = 1.6712 (rd 290.3), mu' = phi'^2 * g * 0.5 = 0.9343 (rating 1662.3).
    assert body == {"id": puzzle.public_id, "correct": True, "failed_at": None, "rated": True,
                    "rating_diff": 162, "rating": {"rating": 1662, "rd": 290, "provisional": True},
                    "puzzle_rating": 1338}
    mine = PuzzleRating.objects.get(user=alice, variant="raumschach")
    expected = glicko2.rate(glicko2.Rating(), [glicko2.Result(glicko2.Rating(), 1.0)])
    assert (mine.rating, mine.rd, mine.volatility) == pytest.approx(
        (expected.rating, expected.rd, expected.volatility))
    assert mine.rating == pytest.approx(1662.3, abs=0.1) and mine.rd == pytest.approx(290.3, abs=0.1)
    assert (mine.attempts, mine.solved) == (1, 1)
    puzzle.refresh_from_db()
    assert puzzle.rating == pytest.approx(3000 - mine.rating) and puzzle.plays == 1
    attempt = PuzzleAttempt.objects.get(user=alice, puzzle=puzzle)
    assert attempt.correct and attempt.seconds == 12.5 and attempt.moves == puzzle.solution


def test_a_miss_lowers_the_player_and_raises_the_puzzle_against_their_own_ratings(alice, as_alice):
    puzzle = make_puzzle("startrek", rating=1700)
    PuzzleRating.objects.create(user=alice, variant="startrek", rating=1600, rd=80, volatility=0.05)
    body = as_alice.post(url(puzzle), {"moves": [puzzle.solution[0], puzzle.solution[1],
                                                 other_move(puzzle, 2)], "seconds": 3},
                         format="json").json()
    assert body["correct"] is False and body["failed_at"] == 2 and body["rated"] is True
    player = glicko2.Rating(1600, 80, 0.05)
    problem = glicko2.Rating(1700, 350, 0.06)
    mine = PuzzleRating.objects.get(user=alice, variant="startrek")
    assert mine.rating == pytest.approx(glicko2.rate(player, [glicko2.Result(problem, 0.0)]).rating)
    puzzle.refresh_from_db()
    assert puzzle.rating == pytest.approx(glicko2.rate(problem, [glicko2.Result(player, 1.0)]).rating)
    assert mine.rating < 1600 < 1700 < puzzle.rating and (mine.attempts, mine.solved) == (1, 0)
    assert body["rating_diff"] == round(mine.rating) - 1600


def test_only_the_first_attempt_is_rated(alice, as_alice):
    puzzle = make_puzzle("fiveup")
    as_alice.post(url(puzzle), {"moves": []}, format="json")
    after_first = (PuzzleRating.objects.get(user=alice).rating, Puzzle.objects.get().rating)
    body = as_alice.post(url(puzzle), {"moves": puzzle.solution}, format="json").json()
    assert body["correct"] is True and body["rated"] is False and body["rating_diff"] == 0
    assert (PuzzleRating.objects.get(user=alice).rating, Puzzle.objects.get().rating) == after_first
    assert PuzzleAttempt.objects.count() == 1 and Puzzle.objects.get().plays == 1


def test_anyone_logged_out_is_answered_and_nothing_is_rated(anon):
    puzzle = make_puzzle("hexraumschach")
    body = anon.post(url(puzzle), {"moves": puzzle.solution}, format="json").json()
    assert body["correct"] is True and body["rated"] is False and body["rating"] is None
    assert PuzzleAttempt.objects.count() == 0 and Puzzle.objects.get().plays == 0
