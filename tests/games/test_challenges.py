"""Challenges to a user, open challenges, and bot challenges accepted at once."""
from unittest import mock

import pytest

from bots.models import Bot
from games import services
from games.errors import CannotChallengeSelf, Conflict, InvalidInput, NotAllowed
from games.models import Challenge, Game
from tests.site_fixtures import db_snapshot

pytestmark = pytest.mark.django_db


def create(challenger, opponent, color="white", days=3):
    return services.challenge_create(challenger=challenger, opponent=opponent, color=color,
                                     days_per_move=days)


def test_accepting_a_challenge_starts_the_game_with_the_chosen_colours(alice, bob):
    challenge = create(alice, bob, color="black", days=5)
    game = services.challenge_accept(challenge=challenge, user=bob)
    assert (game.white, game.black, game.days_per_move) == (bob, alice, 5)
    assert game.deadline is not None and game.status == "active" and game.ply == 0
    challenge.refresh_from_db()
    assert challenge.status == "accepted" and challenge.game == game


def test_random_colour_gives_each_side_to_someone(alice, bob):
    colours = set()
    for _ in range(24):  # 2**-23 chance of one colour only: not a flaky test in practice
        game = services.challenge_accept(challenge=create(alice, bob, color="random"), user=bob)
        colours.add(game.white.username)
    assert colours == {"alice", "bob"}


def test_an_open_challenge_is_accepted_by_anyone_logged_in(alice, carol):
    challenge = create(alice, None, days=None)
    game = services.challenge_accept(challenge=challenge, user=carol)
    assert (game.white, game.black, game.deadline) == (alice, carol, None)


def test_a_challenge_to_a_bot_is_accepted_at_once(alice):
    bot_user = Bot.objects.get(level=2).user
    with mock.patch("bots.hooks.request_bot_move_if_needed"):
        challenge = create(alice, bot_user, color="black")
    assert challenge.status == "accepted"
    assert (challenge.game.white, challenge.game.black) == (bot_user, alice)


def test_declining_and_cancelling_close_the_challenge(alice, bob):
    declined = services.challenge_decline(challenge=create(alice, bob), user=bob)
    cancelled = services.challenge_cancel(challenge=create(alice, bob), user=alice)
    assert (declined.status, cancelled.status) == ("declined", "cancelled")
    assert Game.objects.count() == 0


@pytest.mark.parametrize("kwargs, error", [
    ({"color": "purple"}, InvalidInput),
    ({"days": 4}, InvalidInput),
    ({"days": 0}, InvalidInput),
    ({"days": True}, InvalidInput),
])
def test_bad_challenge_options_are_refused(alice, bob, kwargs, error):
    before = db_snapshot()
    with pytest.raises(error):
        create(alice, bob, **kwargs)
    assert db_snapshot() == before


def test_one_cannot_challenge_oneself(alice):
    before = db_snapshot()
    with pytest.raises(CannotChallengeSelf):
        create(alice, alice)
    assert db_snapshot() == before


def test_a_challenge_can_be_accepted_only_once(alice, bob):
    challenge = create(alice, None)
    services.challenge_accept(challenge=challenge, user=bob)
    before = db_snapshot()
    with pytest.raises(Conflict) as caught:
        services.challenge_accept(challenge=challenge, user=bob)
    assert caught.value.code == "challenge_not_pending"
    assert db_snapshot() == before


@pytest.mark.parametrize("action, actor, code", [
    ("accept", "alice", "own_challenge"),
    ("accept", "carol", "not_your_challenge"),
    ("decline", "alice", "not_your_challenge"),
    ("decline", "carol", "not_your_challenge"),
    ("cancel", "bob", "not_your_challenge"),
])
def test_only_the_right_player_may_answer_a_challenge(alice, bob, carol, action, actor, code):
    challenge = create(alice, bob)
    user = {"alice": alice, "bob": bob, "carol": carol}[actor]
    before = db_snapshot()
    with pytest.raises(NotAllowed) as caught:
        getattr(services, f"challenge_{action}")(challenge=challenge, user=user)
    assert caught.value.code == code
    assert db_snapshot() == before
    assert Challenge.objects.get(pk=challenge.pk).status == "pending"


def test_an_open_challenge_cannot_be_declined_only_cancelled(alice, bob):
    challenge = create(alice, None)
    with pytest.raises(NotAllowed):
        services.challenge_decline(challenge=challenge, user=bob)
    assert services.challenge_cancel(challenge=challenge, user=alice).status == "cancelled"


def test_open_challenge_ids_are_unguessable_tokens(alice):
    # lichess's form: 8 random letters and digits (62**8, ~47 bits, against rate-limited
    # guessing); the game made by accepting it takes the id as its public id.
    ids = {create(alice, None).pk for _ in range(5)}
    assert len(ids) == 5 and all(len(i) == 8 and i.isalnum() and not i.isdigit() for i in ids)
