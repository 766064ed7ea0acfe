"""An unknown game: 404 not_found for both methods, nothing stored; a game never analysed:
404 not_analysed; a request without an account: 401."""
import pytest

from analysis.models import GameAnalysis
from tests.site_fixtures import assert_error

from .conftest import finished_game

URL = "/api/v1/games/{}/analysis/"
pytestmark = pytest.mark.django_db(transaction=True)


def test_unknown_games(as_alice):
    for game_id in (987654, 2**63 + 5, "NoSuchG1"):
        assert_error(as_alice.post(URL.format(game_id)), 404, "not_found")
        assert_error(as_alice.get(URL.format(game_id)), 404, "not_found")
    assert not GameAnalysis.objects.exists()


def test_a_game_never_analysed(alice, bob, anon):
    game = finished_game(alice, bob)
    assert_error(anon.get(URL.format(game.public_id)), 404, "not_analysed")


def test_asking_needs_an_account(alice, bob, anon):
    game = finished_game(alice, bob)
    assert_error(anon.post(URL.format(game.public_id)), 401, "not_authenticated")
    assert not GameAnalysis.objects.exists()


def test_an_unknown_query_parameter_is_refused(alice, bob, anon):
    game = finished_game(alice, bob)
    assert_error(anon.get(URL.format(game.public_id) + "?ply=3"), 400, "invalid")
