"""Fair play: no engine analysis of a game still being played. Its players are refused
(403 fair_play), anyone else too (409 game_in_progress); nothing is stored or queued. And no
analysis of a running game is served to its players, by GET either."""
import pytest
from django.utils import timezone

from analysis.models import GameAnalysis
from core import background
from tests.site_fixtures import assert_error, make_game, play

from .conftest import easy_moves

URL = "/api/v1/games/{}/analysis/"


@pytest.fixture
def nothing_queued(monkeypatch):
    queued = []
    monkeypatch.setattr(background, "submit", lambda *a, **k: queued.append(a))
    yield queued
    assert queued == []


@pytest.mark.django_db(transaction=True)
def test_a_player_asking_in_their_running_game_is_refused(alice, bob, as_alice, as_bob,
                                                          nothing_queued):
    game = play(make_game(alice, bob), *easy_moves(4))
    for client in (as_alice, as_bob):
        assert_error(client.post(URL.format(game.public_id)), 403, "fair_play")
    assert not GameAnalysis.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_spectator_asking_in_a_running_game_is_refused(alice, bob, as_carol, nothing_queued):
    game = play(make_game(alice, bob), *easy_moves(4))
    assert_error(as_carol.post(URL.format(game.public_id)), 409, "game_in_progress")
    assert not GameAnalysis.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_no_analysis_of_a_running_game_is_served_to_its_players(alice, bob, as_alice, as_bob,
                                                                as_carol):
    # However one came to exist (none is made for a running game), its players never see it.
    game = play(make_game(alice, bob), *easy_moves(4))
    GameAnalysis.objects.create(game=game, requested_by=None, requested_at=timezone.now(),
                                status="done", moves=[{
                                    "ply": 1, "move": "Bb2Cb2", "san": "b-Cb2", "eval_cp": 5,
                                    "mate": None, "best": "Bb2Cb2", "best_san": "b-Cb2",
                                    "pv": ["Bb2Cb2"], "pv_san": ["b-Cb2"], "depth": 4,
                                    "judgement": ""}])
    for client in (as_alice, as_bob):
        assert_error(client.get(URL.format(game.public_id)), 403, "fair_play")
    assert as_carol.get(URL.format(game.public_id)).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_game_without_moves_has_nothing_to_analyse(alice, bob, as_alice, nothing_queued):
    from games import services

    game = services.game_resign(game=make_game(alice, bob), user=alice)
    assert_error(as_alice.post(URL.format(game.public_id)), 409, "nothing_to_analyse")
    assert not GameAnalysis.objects.exists()
