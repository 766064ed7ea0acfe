"""`games.signals`: other apps listen to games instead of games importing them."""
import pytest
from django.db import transaction

from games import services, signals
from games.errors import GameOver

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    calls = []

    def receiver(sender, **kwargs):
        calls.append(kwargs)

    for signal in (signals.turn_passed, signals.game_ending):
        signal.connect(receiver, weak=False, dispatch_uid=f"test-{id(signal)}")
    yield calls
    for signal in (signals.turn_passed, signals.game_ending):
        signal.disconnect(dispatch_uid=f"test-{id(signal)}")


def test_game_ending_is_sent_once_inside_the_ending_transaction(game, alice, heard):
    in_atomic = []
    signals.game_ending.connect(lambda sender, game, **kw: in_atomic.append(
        transaction.get_connection().in_atomic_block), weak=False, dispatch_uid="atomic-probe")
    try:
        services.game_resign(game=game, user=alice)
        with pytest.raises(Exception):
            services.game_resign(game=game, user=alice)
    finally:
        signals.game_ending.disconnect(dispatch_uid="atomic-probe")
    ended = [c for c in heard if "game" in c]
    assert len(ended) == 1 and ended[0]["game"].pk == game.pk
    assert ended[0]["game"].status == "finished" and in_atomic == [True]


def test_turn_passed_is_heard_after_a_move_commits(game, alice, heard,
                                                    django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    assert heard == []
    for callback in callbacks:
        callback()
    assert {"game_id": game.pk, "player_id": game.black_id, "live": False} in [
        {k: v for k, v in c.items() if k != "signal"} for c in heard]


def test_a_failing_receiver_does_not_stop_the_others(game, alice, heard,
                                                    django_capture_on_commit_callbacks):
    def broken(sender, **kwargs):
        raise ConnectionError("broker down")

    signals.turn_passed.connect(broken, weak=False, dispatch_uid="broken")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    finally:
        signals.turn_passed.disconnect(dispatch_uid="broken")
    assert any(c.get("game_id") == game.pk for c in heard)


def test_an_abort_before_both_moved_is_also_an_ending(game, alice, heard):
    services.game_abort(game=game, user=alice)
    assert [c["game"].status for c in heard if "game" in c] == ["aborted"]
    with pytest.raises(GameOver):
        services.game_draw(game=game, user=alice, action="accept")
