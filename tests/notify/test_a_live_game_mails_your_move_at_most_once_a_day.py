"""A live game sets a new deadline at every move: "your move" is mailed at most once a day per
player there (as in a game without a clock), not once a move, and names no deadline."""
import pytest
from django.core import mail

from games import services
from tests.clocks.helpers import live_game
from tests.notify.conftest import verify

pytestmark = pytest.mark.django_db


def test_a_live_game_mails_each_player_once(alice, bob, django_capture_on_commit_callbacks):
    verify(alice, "alice@example.org")
    verify(bob, "bob@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        game = live_game(alice, bob, limit=300, increment=3)
    moves = ((alice, "Bb2Bb3", 0), (bob, "Db4Db3", 1), (alice, "Bc2Bc3", 2),
             (bob, "Dc4Dc3", 3), (alice, "Bd2Bd3", 4))
    for user, move, ply in moves:
        with django_capture_on_commit_callbacks(execute=True):
            services.game_play_move(game=game, user=user, move=move, ply=ply)
    turn_mails = [m for m in mail.outbox if m.subject.startswith("Your move")]
    assert sorted(m.to[0] for m in turn_mails) == ["alice@example.org", "bob@example.org"]
    assert all("You have until" not in m.body for m in turn_mails)
