"""The bot hook and the events run after the transaction commits, never before, and never for
a refused action."""
from unittest import mock

import pytest

from bots.models import Bot
from games import services
from games.errors import IllegalMove
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def hook():
    with mock.patch("bots.hooks.request_bot_move_if_needed") as patched:
        yield patched


def test_the_bot_hook_is_called_only_when_the_move_commits(game, alice, hook,
                                                            django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
        assert not hook.called  # still inside the transaction of the test
    assert not hook.called
    for callback in callbacks:
        callback()
    hook.assert_called_once_with(game_id=game.pk, player_id=game.black_id, live=False)


def test_a_refused_move_queues_nothing(game, alice, hook, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(IllegalMove):
            services.game_play_move(game=game, user=alice, move="Cc3Cc4", ply=0)
    assert callbacks == [] and not hook.called


def test_a_game_ending_move_does_not_ask_a_bot_to_move(alice, hook,
                                                       django_capture_on_commit_callbacks):
    from tests.site_fixtures import MATE_IN_ONE_FEN, MATE_IN_ONE_MOVE

    bot_user = Bot.objects.get(level=0).user
    game = make_game(alice, bot_user, fen=MATE_IN_ONE_FEN)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=alice, move=MATE_IN_ONE_MOVE, ply=0)
    assert not hook.called


def test_a_bot_challenge_asks_the_bot_to_move_after_commit(alice, hook,
                                                          django_capture_on_commit_callbacks):
    bot_user = Bot.objects.get(level=1).user
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        challenge = services.challenge_create(challenger=alice, opponent=bot_user,
                                              color="black", days_per_move=None)
    assert not hook.called
    for callback in callbacks:
        callback()
    hook.assert_called_once_with(game_id=challenge.game_id, player_id=bot_user.pk, live=False)


def test_the_hook_asks_bots_hooks_whether_a_bot_is_to_move(alice):
    """bots.hooks finds the bot to move and dispatches it."""
    from bots import hooks
    from games import bot_hook

    bot_user = Bot.objects.get(level=3).user
    game = make_game(bot_user, alice)
    with mock.patch("bots.hooks.dispatch_bot_move", return_value=True) as dispatch:
        hooks.request_bot_move_if_needed(game.pk)
    dispatch.assert_called_once_with(game.pk, 3, live=False)
    human_game = make_game(alice, bot_user)
    with mock.patch("bots.hooks.dispatch_bot_move") as dispatch:
        hooks.request_bot_move_if_needed(human_game.pk)  # alice (White) to move
        hooks.request_bot_move_if_needed(human_game.pk, player_id=alice.pk)
    assert not dispatch.called
    # Named by the announcement, the player to move is checked directly.
    with mock.patch("bots.hooks.dispatch_bot_move", return_value=True) as dispatch:
        hooks.request_bot_move_if_needed(game.pk, player_id=bot_user.pk)
    dispatch.assert_called_once_with(game.pk, 3, live=False)
    assert bot_hook.is_bot(bot_user) and not bot_hook.is_bot(alice)


def test_a_failing_listener_cannot_undo_a_stored_move(game, alice,
                                                      django_capture_on_commit_callbacks):
    with mock.patch("games.events._send_all", side_effect=ConnectionError("redis down")), \
            mock.patch("bots.hooks.request_bot_move_if_needed"):
        with django_capture_on_commit_callbacks(execute=True):
            services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    game.refresh_from_db()
    assert game.ply == 1 and game.moves.count() == 1
