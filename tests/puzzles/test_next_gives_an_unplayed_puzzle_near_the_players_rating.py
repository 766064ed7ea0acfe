"""GET /api/v1/puzzles/next/?variant=KEY answers lichess's puzzle shape {id, variant, fen,
solution, themes, rating} with a puzzle of that game the player has not played, among those
nearest the player's puzzle rating (1500 for anyone logged out); 404 no_puzzle when none is
left. Its reads are pinned: two for anyone logged out, three for a player."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from puzzles import selectors
from puzzles.models import PuzzleAttempt, PuzzleRating
from tests.puzzles.lines import make_puzzle
from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db
URL = "/api/v1/puzzles/next/"


def test_the_answer_has_lichess_shape_and_a_playable_line(anon):
    puzzle = make_puzzle("fiveup")
    body = anon.get(URL, {"variant": "fiveup"}).json()
    assert body == {"id": puzzle.public_id, "variant": "fiveup", "fen": puzzle.fen,
                    "solution": puzzle.solution, "themes": ["mate"], "rating": 1500, "plays": 0,
                    "game": None}
    assert len(body["id"]) == 5 and len(body["solution"]) == 3


def test_the_puzzle_nearest_the_players_rating_is_chosen(alice, as_alice, anon, monkeypatch):
    monkeypatch.setattr(selectors, "NEAREST", 1)
    low = make_puzzle("raumschach", seed=1, rating=1200)
    high = make_puzzle("raumschach", seed=2, rating=1900)
    assert anon.get(URL, {"variant": "raumschach"}).json()["id"] == low.public_id  # 1500: 300 v 400
    PuzzleRating.objects.create(user=alice, variant="raumschach", rating=1800)
    assert as_alice.get(URL, {"variant": "raumschach"}).json()["id"] == high.public_id
    PuzzleRating.objects.create(user=alice, variant="fiveup", rating=1000)  # another game's
    assert as_alice.get(URL, {"variant": "raumschach"}).json()["id"] == high.public_id


def test_a_played_puzzle_is_not_given_again_and_then_none_is_left(alice, as_alice, anon):
    first = make_puzzle("hexraumschach", seed=1)
    second = make_puzzle("hexraumschach", seed=2)
    PuzzleAttempt.objects.create(user=alice, puzzle=first, correct=False, rating_before=1500,
                                 rating_after=1400, puzzle_rating_before=1500, puzzle_rating_after=1600)
    for _ in range(5):
        assert as_alice.get(URL, {"variant": "hexraumschach"}).json()["id"] == second.public_id
    PuzzleAttempt.objects.create(user=alice, puzzle=second, correct=True, rating_before=1400,
                                 rating_after=1500, puzzle_rating_before=1500, puzzle_rating_after=1400)
    assert_error(as_alice.get(URL, {"variant": "hexraumschach"}), 404, "no_puzzle")
    assert anon.get(URL, {"variant": "hexraumschach"}).status_code == 200  # nobody's record


def test_a_game_without_puzzles_has_none(anon):
    make_puzzle("raumschach")
    assert_error(anon.get(URL, {"variant": "startrek"}), 404, "no_puzzle")


@pytest.mark.parametrize("logged_in, reads", [(False, 2), (True, 3)])
def test_next_reads_the_database_a_fixed_number_of_times(logged_in, reads, alice, as_alice, anon):
    for seed in (1, 2):
        make_puzzle("startrek", seed=seed)
    client = as_alice if logged_in else anon
    with CaptureQueriesContext(connection) as queries:
        assert client.get(URL, {"variant": "startrek"}).status_code == 200
    assert len([q for q in queries.captured_queries if "puzzle" in q["sql"]]) == reads, queries.captured_queries
