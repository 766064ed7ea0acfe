"""Fair share (issue 38): an account plays at most MAX_BOT_GAMES running games against the
site's own bots (each is a search queued at every turn). Past it every way of starting one -
the REST API, the Bot API's `/api/challenge/ai` and challenge to a bot account, the new-game
page - is refused with the code `too_many_bot_games` and changes nothing; a game that ends
frees its place; games against people and external bots are not counted."""
import pytest
from django.contrib.auth import get_user_model

from games import services
from games.models import Challenge, Game
from tests.botapi.conftest import bearer_client, create_built_in_bots
from tests.site_fixtures import assert_error, db_snapshot, make_user, token_client
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db
User = get_user_model()
CAP = 2


@pytest.fixture(autouse=True)
def cap(settings):
    settings.MAX_BOT_GAMES = CAP
    create_built_in_bots()


def bot(name: str):
    return User.objects.get(username=name)


def start_bot_games(user, count: int, name: str = "master-bot") -> list[Game]:
    # The person plays White: no bot search is queued by these tests.
    return [services.challenge_create(challenger=user, opponent=bot(name), color="white",
                                      days_per_move=None).game for _ in range(count)]


def test_the_rest_api_refuses_a_game_past_the_cap_and_changes_nothing(alice):
    start_bot_games(alice, CAP)
    client = token_client(alice)
    before = db_snapshot()
    response = client.post("/api/v1/challenges/", {
        "opponent": "easy-bot", "color": "white", "days_per_move": None}, format="json")
    body = assert_error(response, 409, "too_many_bot_games")
    assert str(CAP) in body["detail"]
    assert db_snapshot() == before


def test_the_bot_apis_ai_challenge_and_challenge_to_a_bot_are_refused_past_the_cap(alice):
    start_bot_games(alice, CAP)
    client = bearer_client(alice)
    before = db_snapshot()
    ai = client.post("/api/challenge/ai", {"level": 1, "color": "white"}, format="json")
    named = client.post("/api/challenge/easy-bot", {"color": "white"}, format="json")
    for response in (ai, named):  # lichess's shape: 400 for what it will not do, plus the code
        assert response.status_code == 400, response.content
        assert response.json()["code"] == "too_many_bot_games"
        assert "finish one before starting another" in response.json()["error"]
    assert db_snapshot() == before


def test_the_new_game_page_says_why_and_starts_nothing(alice):
    start_bot_games(alice, CAP)
    before = db_snapshot()
    response = logged_in(alice).post("/new/", {"opponent_kind": "bot", "bot": "easy-bot",
                                               "color": "white", "days_per_move": ""})
    assert response.status_code == 400
    assert "finish one before starting another" in response.content.decode()
    assert db_snapshot() == before


def test_a_game_that_ends_frees_its_place(alice):
    games = start_bot_games(alice, CAP)
    services.game_resign(game=games[0], user=alice)
    assert start_bot_games(alice, 1, name="easy-bot")[0].status == Game.Status.ACTIVE


def test_each_account_has_its_own_cap(alice, bob):
    start_bot_games(alice, CAP)
    assert len(start_bot_games(bob, CAP)) == CAP
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 2 * CAP


def test_games_against_people_and_external_bots_are_not_counted(alice, bob):
    start_bot_games(alice, CAP)
    robo = make_user("robo")
    upgraded = bearer_client(robo).post("/api/bot/account/upgrade")
    assert upgraded.status_code == 200, upgraded.content
    for opponent in (bob, robo):
        challenge = services.challenge_create(challenger=alice, opponent=opponent,
                                              color="white", days_per_move=None)
        assert challenge.status == Challenge.Status.PENDING
