"""A bot's profile shows its level, how it plays and its record: in the bot list, on its own
endpoint, in the public profile, and from the selector the web pages use."""
import pytest
from engine.search import LEVELS

from bots import selectors
from bots.models import Bot
from games import services
from tests.site_fixtures import assert_error, make_game, play

pytestmark = pytest.mark.django_db

EXPECTED_NAMES = ["Beginner", "Easy", "Normal", "Hard", "Expert", "Master"]


def test_every_fresh_install_has_one_bot_per_engine_level_with_no_usable_password(db):
    bots = list(Bot.objects.select_related("user").order_by("level"))
    assert [b.level for b in bots] == sorted(LEVELS)
    assert [b.name for b in bots] == EXPECTED_NAMES
    assert all(b.description for b in bots)
    assert not any(b.user.has_usable_password() for b in bots)


def test_the_bot_list_shows_level_description_limits_and_record(anon):
    body = anon.get("/api/v1/bots/").json()
    assert [b["level"] for b in body] == sorted(LEVELS)
    master = body[5]
    assert master["username"] == "master-bot" and master["name"] == "Master"
    assert master["max_think_seconds"] == LEVELS[5].movetime
    assert body[3]["search_depth"] == LEVELS[3].depth
    assert master["record"] == {"wins": 0, "draws": 0, "losses": 0}


def test_a_bots_record_counts_its_finished_games(alice, bob, anon):
    easy = Bot.objects.get(level=1).user
    won = play(make_game(alice, easy), "Bb2Cb2")
    services.game_resign(game=won, user=alice)
    lost = make_game(easy, bob)
    services.game_resign(game=lost, user=easy)
    make_game(alice, easy)  # still running: not counted
    body = anon.get("/api/v1/bots/easy-bot/").json()
    assert body["record"] == {"wins": 1, "draws": 0, "losses": 1}
    assert body["level"] == 1 and body["description"]


def test_an_unknown_bot_is_a_json_404(anon):
    assert_error(anon.get("/api/v1/bots/alice/"), 404, "not_found")


def test_the_public_profile_of_a_bot_carries_its_bot_details(anon):
    body = anon.get("/api/v1/users/hard-bot/").json()
    assert body["is_bot"] is True
    assert body["bot"]["level"] == 3 and body["bot"]["name"] == "Hard"
    assert body["bot"]["record"] == body["record"]


def test_the_public_profile_of_a_person_has_no_bot_details(alice, anon):
    body = anon.get("/api/v1/users/alice/").json()
    assert body["is_bot"] is False and body["bot"] is None


def test_the_profile_selector_answers_for_users(alice):
    assert selectors.bot_profile_of_user(user=alice) is None
    profile = selectors.bot_profile_of_user(user=Bot.objects.get(level=0).user)
    assert profile["name"] == "Beginner" and profile["search_depth"] is None
