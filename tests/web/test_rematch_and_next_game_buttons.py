"""After a game: "Rematch" challenges the same opponent with the colours swapped (a bot
accepts at once), and "Next game where it's your turn" opens the game that waits for you."""
import pytest

from bots.models import Bot
from games import services
from games.models import Challenge
from tests.site_fixtures import make_game
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db


def test_a_rematch_challenges_the_opponent_with_colours_swapped(game, alice, bob, alice_client):
    services.game_resign(game=game, user=bob)
    response = alice_client.post(f"/games/{game.public_id}/rematch/")
    challenge = Challenge.objects.get(challenger=alice)
    assert response.status_code == 302 and response["Location"] == f"/challenges/{challenge.pk}/"
    assert (challenge.opponent, challenge.color, challenge.status) == (bob, "black", "pending")


def test_a_rematch_against_a_bot_starts_the_game_at_once(alice, monkeypatch):
    monkeypatch.setattr("bots.hooks.dispatch_bot_move", lambda game_id: True)
    bot = Bot.objects.get(level=0).user
    game = make_game(bot, alice, days_per_move=3)
    services.game_resign(game=game, user=alice)
    response = logged_in(alice).post(f"/games/{game.public_id}/rematch/")
    rematch = Challenge.objects.get(challenger=alice).game
    assert response["Location"] == f"/games/{rematch.public_id}/"
    assert (rematch.white, rematch.black, rematch.days_per_move) == (alice, bot, 3)


def test_no_rematch_while_the_game_runs_or_for_a_spectator(game, alice, carol, alice_client):
    alice_client.post(f"/games/{game.public_id}/rematch/")
    services.game_resign(game=game, user=alice)
    logged_in(carol).post(f"/games/{game.public_id}/rematch/")
    assert not Challenge.objects.exists()
    assert alice_client.get(f"/games/{game.public_id}/rematch/").status_code == 405


def test_next_game_goes_to_a_game_where_it_is_your_turn(alice, bob, carol, alice_client):
    waiting = make_game(alice, carol)  # alice (White) to move
    make_game(bob, alice)  # bob to move: not alice's turn
    assert alice_client.get("/your-turn/next/")["Location"] == f"/games/{waiting.public_id}/"
    response = alice_client.get(f"/your-turn/next/?after={waiting.public_id}")
    assert response["Location"] == "/"  # nothing else waits: home, with a message


def test_the_api_offers_the_same_rematch(game, alice, bob, as_alice, as_carol):
    from tests.site_fixtures import assert_error
    assert_error(as_alice.post(f"/api/v1/games/{game.public_id}/rematch/"), 409, "game_active")
    services.game_resign(game=game, user=alice)
    assert_error(as_carol.post(f"/api/v1/games/{game.public_id}/rematch/"), 403, "not_a_player")
    response = as_alice.post(f"/api/v1/games/{game.public_id}/rematch/")
    assert response.status_code == 201, response.content
    challenge = Challenge.objects.get(pk=response.json()["id"])
    assert (challenge.challenger, challenge.opponent, challenge.color) == (alice, bob, "black")
