"""Fair share (issue 38): a player has at most MAX_INCOMING_CHALLENGES pending challenges
waiting, from everyone together (several accounts left one player 300). Past it a new
challenge is refused with 409 `too_many_incoming_challenges`, naming the player, and nothing
is created; answering or a cancelled one makes room. Bots accept at once and are not capped."""
import pytest

from games import services
from games.models import Challenge
from tests.site_fixtures import assert_error, db_snapshot, make_user, token_client

pytestmark = pytest.mark.django_db
CAP = 3


@pytest.fixture(autouse=True)
def cap(settings):
    settings.MAX_INCOMING_CHALLENGES = CAP
    settings.CHALLENGE_RATE_RECEIVED = (1000, 3600)


def challenge(challenger, opponent) -> Challenge:
    return services.challenge_create(challenger=challenger, opponent=opponent, color="white",
                                     days_per_move=3)


def test_a_challenge_past_the_cap_is_refused_and_changes_nothing(alice, bob):
    waiting = [challenge(make_user(f"fan{i}"), bob) for i in range(CAP)]
    assert all(c.status == Challenge.Status.PENDING for c in waiting)
    client = token_client(alice)
    before = db_snapshot()
    response = client.post("/api/v1/challenges/", {"opponent": "bob", "color": "white",
                                                   "days_per_move": 3}, format="json")
    body = assert_error(response, 409, "too_many_incoming_challenges")
    assert "bob" in body["detail"]
    assert db_snapshot() == before


def test_declining_or_a_cancel_makes_room(alice, bob, carol):
    fans = [make_user(f"fan{i}") for i in range(CAP)]
    waiting = [challenge(fan, bob) for fan in fans]
    services.challenge_decline(challenge=waiting[0], user=bob)
    assert challenge(alice, bob).status == Challenge.Status.PENDING
    services.challenge_cancel(challenge=waiting[1], user=fans[1])
    assert challenge(carol, bob).status == Challenge.Status.PENDING


def test_the_cap_is_per_player(alice, bob, carol):
    for i in range(CAP):
        challenge(make_user(f"fan{i}"), bob)
    assert challenge(alice, carol).status == Challenge.Status.PENDING
