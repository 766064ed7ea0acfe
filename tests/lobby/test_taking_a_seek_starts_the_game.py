"""Taking a seek (its accept endpoint) starts the game with the seek's terms, and the seek
leaves the lobby."""
import pytest

from games.models import Game
from tests.lobby.helpers import post_seek, seek_ids

pytestmark = pytest.mark.django_db


def test_taking_a_seek_starts_a_game_with_its_terms(anon, as_alice, as_bob, alice, bob):
    seek = post_seek(as_alice, color="white", rated=True).json()
    response = as_bob.post(f"/api/v1/challenges/{seek['id']}/accept/")
    assert response.status_code == 200, response.content
    game = Game.objects.get(public_id=response.json()["game"])
    assert (game.white, game.black, game.days_per_move, game.rated) == (alice, bob, 3, True)
    assert seek_ids(anon.get("/api/v1/seeks/")) == []


def test_a_seek_within_its_range_can_be_taken(as_alice, as_bob):
    seek = post_seek(as_alice, rating_min=1400, rating_max=1600).json()
    assert as_bob.post(f"/api/v1/challenges/{seek['id']}/accept/").status_code == 200


def test_a_cancelled_seek_leaves_the_lobby(anon, as_alice):
    seek = post_seek(as_alice).json()
    assert as_alice.post(f"/api/v1/challenges/{seek['id']}/cancel/").status_code == 200
    assert seek_ids(anon.get("/api/v1/seeks/")) == []
