"""Bad input to the puzzle API gets a coded error and changes nothing: an unknown puzzle (404
not_found), an unknown game (400 unknown_variant), moves that are no attempt at the puzzle
(400 bad_attempt: an illegal or malformed move, the opponent's reply changed, moves after a
wrong one, more moves than the line), a body of the wrong shape (400 invalid), an unknown
query parameter; and the rate limit (429)."""
import pytest

from puzzles.models import Puzzle, PuzzleAttempt, PuzzleRating
from tests.puzzles.lines import make_puzzle, other_move
from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db


def snapshot():
    return (list(Puzzle.objects.values()), list(PuzzleAttempt.objects.values()),
            list(PuzzleRating.objects.values()))


def test_unknown_puzzles_and_games(as_alice, anon):
    assert_error(as_alice.post("/api/v1/puzzles/zzzzz/attempt/", {"moves": []}, format="json"), 404, "not_found")
    assert_error(anon.get("/api/v1/puzzles/zzzzz/"), 404, "not_found")
    assert_error(anon.get("/api/v1/puzzles/next/", {"variant": "chess"}), 400, "unknown_variant")
    assert_error(anon.get("/api/v1/puzzles/next/", {"variant": "raumschach", "x": "1"}), 400, "invalid")


@pytest.mark.parametrize("moves, reason", [
    (lambda s: ["Aa1Aa1"], "not a legal move"),
    (lambda s: ["nonsense!"], "not a legal move"),
    (lambda s: [s[0], "Ea5Ea4" if s[1] != "Ea5Ea4" else "Ea5Ea3"], None),  # the reply changed (or illegal)
    (lambda s: [*s, s[0]], "has more"),
])
def test_moves_that_are_no_attempt(as_alice, moves, reason):
    puzzle = make_puzzle("raumschach")
    before = snapshot()
    body = assert_error(as_alice.post(f"/api/v1/puzzles/{puzzle.public_id}/attempt/",
                                      {"moves": moves(puzzle.solution)}, format="json"), 400, "bad_attempt")
    if reason:
        assert reason in body["detail"]
    assert snapshot() == before


def test_moves_after_a_wrong_move_are_refused(as_alice):
    puzzle = make_puzzle("raumschach", seed=5)  # Dd3Bd4, Ba5Ba3, Ce5De4
    before = snapshot()
    body = assert_error(as_alice.post(f"/api/v1/puzzles/{puzzle.public_id}/attempt/",
                                      {"moves": [other_move(puzzle, 0), "Ba5Ba3"]}, format="json"), 400, "bad_attempt")
    assert "after a wrong move" in body["detail"]
    body = assert_error(as_alice.post(f"/api/v1/puzzles/{puzzle.public_id}/attempt/",
                                      {"moves": ["Dd3Bd4", "Ba5Ba4"]}, format="json"), 400, "bad_attempt")
    assert "opponent's reply, Ba5Ba3" in body["detail"]
    assert snapshot() == before


@pytest.mark.parametrize("body", [{}, {"moves": "Dd3Bd4"}, {"moves": [1]}, {"moves": [], "seconds": -1},
                                  {"moves": [], "seconds": "x"}, {"moves": [None]}])
def test_a_body_of_the_wrong_shape(as_alice, body):
    puzzle = make_puzzle("raumschach")
    before = snapshot()
    assert_error(as_alice.post(f"/api/v1/puzzles/{puzzle.public_id}/attempt/", body, format="json"), 400, "invalid")
    assert snapshot() == before


def test_the_rate_limit(anon, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "puzzles": (2, 60)}
    make_puzzle("raumschach")
    assert anon.get("/api/v1/puzzles/next/").status_code == 200
    assert anon.get("/api/v1/puzzles/next/").status_code == 200
    assert_error(anon.get("/api/v1/puzzles/next/"), 429, "rate_limited")
