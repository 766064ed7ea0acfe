"""When the opponent plays the move a line expects, the owner's reply is played at once, by
the move service, within the opponent's move request, and both moves are announced in order.
Longer lines carry on; a line that no longer applies is dropped."""
import pytest

from conditionals.models import ConditionalLine
from games.models import Move
from tests.conditionals.conftest import move, plan
from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state
from tests.site_fixtures import make_user, token_client

pytestmark = pytest.mark.django_db(transaction=True)


def moves_of(game) -> list[str]:
    return list(Move.objects.filter(game=game).order_by("ply").values_list("coord", flat=True))


def test_the_reply_is_stored_when_the_opponents_move_request_returns(started, as_alice, as_bob):
    assert plan(as_alice, started, ["Db4Db3", "Bc2Bc3"]).status_code == 200
    assert move(as_bob, started, "Db4Db3", 1).status_code == 201
    assert moves_of(started) == ["Bb2Bb3", "Db4Db3", "Bc2Bc3"]
    started.refresh_from_db()
    assert (started.ply, started.turn) == (3, "black")
    assert ConditionalLine.objects.count() == 0  # used up


def test_a_longer_line_carries_on_move_after_move(started, as_alice, as_bob):
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3", "Dc4Dc3", "Bd2Bd3"])
    move(as_bob, started, "Db4Db3", 1)
    assert as_alice.get(f"/api/v1/games/{started.public_id}/conditional-moves/").json()["lines"] == [
        {"ply": 3, "moves": ["Dc4Dc3", "Bd2Bd3"], "san": ["Dc4-Dc3", "Bd2-Bd3"]}]
    move(as_bob, started, "Dc4Dc3", 3)
    assert moves_of(started)[-4:] == ["Db4Db3", "Bc2Bc3", "Dc4Dc3", "Bd2Bd3"]
    assert ConditionalLine.objects.count() == 0


def test_a_branching_plan_follows_the_move_actually_played(started, as_alice, as_bob):
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3"], ["Dc4Dc3", "Bd2Bd3"])
    move(as_bob, started, "Dc4Dc3", 1)
    assert moves_of(started) == ["Bb2Bb3", "Dc4Dc3", "Bd2Bd3"]


def test_a_line_that_no_longer_applies_is_dropped(started, as_alice, as_bob):
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3"])
    move(as_bob, started, "Dd4Dd3", 1)
    assert moves_of(started) == ["Bb2Bb3", "Dd4Dd3"]  # nothing was played for alice
    assert ConditionalLine.objects.count() == 0


def test_a_manual_move_drops_the_owners_remaining_lines(started, as_alice, as_bob):
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3", "Dc4Dc3", "Bd2Bd3"])
    move(as_bob, started, "Db4Db3", 1)  # alice's Bc2Bc3 follows; her line waits at ply 3
    move(as_bob, started, "De4De3", 3)  # not what she planned: dropped
    assert ConditionalLine.objects.count() == 0
    assert move(as_alice, started, "Be2Be3", 4).status_code == 201


@pytest.mark.usefixtures("layer")
async def test_both_moves_are_announced_in_order(started, alice, bob):
    carol = await db(make_user)("carol")
    await db(lambda: plan(token_client(alice), started, ["Db4Db3", "Bc2Bc3"]))()
    watcher = await connected(f"/ws/games/{started.public_id}/", user=carol)
    await receive_state(watcher)
    await db(lambda: move(token_client(bob), started, "Db4Db3", 1))()
    first, second = await receive(watcher), await receive(watcher)
    assert [(first["ply"], first["move"]), (second["ply"], second["move"])] == [
        (2, "Db4Db3"), (3, "Bc2Bc3")]
    await assert_silent(watcher)
    await watcher.disconnect()
