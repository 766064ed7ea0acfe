"""Public profiles and /me: the win/draw/loss record counts finished games only."""
import pytest

from games import services
from tests.site_fixtures import assert_error, make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(alice, bob, carol):
    services.game_resign(game=make_game(alice, bob), user=bob)        # alice wins
    services.game_resign(game=make_game(carol, alice), user=alice)    # alice loses
    drawn = make_game(bob, alice)
    services.game_draw(game=drawn, user=bob, action="offer")
    services.game_draw(game=drawn, user=alice, action="accept")       # draw
    services.game_abort(game=make_game(alice, carol), user=carol)     # not counted
    make_game(alice, carol)                                           # running, not counted


def test_a_public_profile_shows_the_record_and_recent_games(anon, history):
    response = anon.get("/api/v1/users/alice/")
    assert response.status_code == 200
    body = response.json()
    assert body["record"] == {"wins": 1, "draws": 1, "losses": 1}
    assert body["is_bot"] is False and len(body["recent_games"]) == 5


def test_me_shows_the_signed_in_users_record(as_alice, history):
    body = as_alice.get("/api/v1/accounts/me/").json()
    assert body["username"] == "alice" and body["record"] == {"wins": 1, "draws": 1,
                                                               "losses": 1}


def test_a_bot_profile_says_it_is_a_bot(anon):
    assert anon.get("/api/v1/users/normal-bot/").json()["is_bot"] is True


def test_an_unknown_profile_is_a_json_404(anon):
    assert_error(anon.get("/api/v1/users/nobody/"), 404, "not_found")
