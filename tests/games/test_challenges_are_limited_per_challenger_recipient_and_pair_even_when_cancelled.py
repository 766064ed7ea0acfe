"""Fair share (issue 38): challenges created in a rolling window are limited per challenger
(CHALLENGE_RATE_SENT), per player challenged (CHALLENGE_RATE_RECEIVED, from everyone) and per
pair (CHALLENGE_RATE_PAIR). A cancelled or declined challenge still counts: creating and
cancelling cannot go round the limit; a challenge the player accepted does not count towards
them (friends' rematches). Past one, a 429 with its code and a Retry-After, and
nothing is created; once the window has passed, challenging works again."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import ChallengesPairRateLimited
from games.models import Challenge
from tests.botapi.conftest import create_built_in_bots
from tests.site_fixtures import assert_error, db_snapshot, make_user, token_client
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db
URL = "/api/v1/challenges/"


@pytest.fixture(autouse=True)
def generous(settings):
    """Each test tightens the one limit it is about."""
    settings.CHALLENGE_RATE_SENT = (1000, 3600)
    settings.CHALLENGE_RATE_RECEIVED = (1000, 3600)
    settings.CHALLENGE_RATE_PAIR = (1000, 3600)
    settings.MAX_INCOMING_CHALLENGES = 1000


def challenge(challenger, opponent) -> Challenge:
    return services.challenge_create(challenger=challenger, opponent=opponent, color="white",
                                     days_per_move=3)


def create_and_cancel(challenger, opponent, rounds: int) -> None:
    for _ in range(rounds):
        services.challenge_cancel(challenge=challenge(challenger, opponent), user=challenger)


def post(client, opponent: str):
    return client.post(URL, {"opponent": opponent, "color": "white", "days_per_move": 3},
                       format="json")


def test_the_pair_limit_counts_cancelled_challenges(settings, alice, bob, carol):
    settings.CHALLENGE_RATE_PAIR = (5, 3600)
    create_and_cancel(alice, bob, 5)
    client = token_client(alice)
    before = db_snapshot()
    response = post(client, "bob")
    assert_error(response, 429, "challenges_pair_rate")
    assert 0 < int(response["Retry-After"]) <= 3600
    assert db_snapshot() == before
    assert challenge(alice, carol).status == Challenge.Status.PENDING  # another player: fine
    assert challenge(carol, bob).status == Challenge.Status.PENDING  # another challenger: fine


def test_the_recipient_limit_counts_every_challengers_challenges(settings, alice, bob, carol):
    settings.CHALLENGE_RATE_RECEIVED = (4, 3600)
    create_and_cancel(alice, bob, 2)
    create_and_cancel(carol, bob, 2)
    dave = make_user("dave")
    client = token_client(dave)
    before = db_snapshot()
    assert_error(post(client, "bob"), 429, "challenges_received_rate")
    assert db_snapshot() == before
    assert challenge(dave, alice).status == Challenge.Status.PENDING


def test_the_challenger_limit_counts_challenges_to_anyone_and_to_bots(settings, alice, bob,
                                                                       carol):
    settings.CHALLENGE_RATE_SENT = (3, 3600)
    create_built_in_bots()
    create_and_cancel(alice, bob, 1)
    create_and_cancel(alice, carol, 1)
    services.challenge_create(challenger=alice, opponent=None, color="white", days_per_move=3)
    client = token_client(alice)
    before = db_snapshot()
    assert_error(post(client, "bob"), 429, "challenges_sent_rate")
    assert_error(post(client, "easy-bot"), 429, "challenges_sent_rate")
    assert db_snapshot() == before


def test_the_new_game_page_says_when_to_try_again_and_creates_nothing(settings, alice, bob):
    settings.CHALLENGE_RATE_PAIR = (2, 600)
    create_and_cancel(alice, bob, 2)
    before = db_snapshot()
    response = logged_in(alice).post("/new/", {"opponent_kind": "user", "username": "bob",
                                               "color": "white", "days_per_move": "3"})
    assert response.status_code == 429
    assert "try again in 10 minutes" in response.content.decode()
    assert db_snapshot() == before


def test_challenges_the_player_accepted_do_not_count_towards_them(settings, alice, bob):
    settings.CHALLENGE_RATE_PAIR = (2, 3600)
    settings.CHALLENGE_RATE_RECEIVED = (2, 3600)
    for _ in range(4):  # rematch after rematch
        game = services.challenge_accept(challenge=challenge(alice, bob), user=bob)
        services.game_resign(game=game, user=bob)
    create_and_cancel(alice, bob, 2)
    with pytest.raises(ChallengesPairRateLimited):
        challenge(alice, bob)


def test_challenges_older_than_the_window_no_longer_count(settings, alice, bob):
    settings.CHALLENGE_RATE_PAIR = (2, 3600)
    create_and_cancel(alice, bob, 2)
    with pytest.raises(ChallengesPairRateLimited):
        challenge(alice, bob)
    Challenge.objects.update(created_at=timezone.now() - timedelta(hours=1, seconds=1))
    assert challenge(alice, bob).status == Challenge.Status.PENDING


def test_a_limit_of_zero_switches_it_off(settings, alice, bob):
    settings.CHALLENGE_RATE_PAIR = (0, 1)
    create_and_cancel(alice, bob, 8)
    assert Challenge.objects.filter(challenger=alice, opponent=bob).count() == 8
