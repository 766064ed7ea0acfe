"""A takeback offer, its refusal and an accepted takeback reach the players' game sockets as
"takeback_offer", "takeback_declined" and "takeback" (the position the game is back at, with
its legal moves); a socket that connects later reads who offers from the state."""
import pytest

from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state
from tests.site_fixtures import play, token_client

RAUMSCHACH = {"key": "raumschach", "name": "Raumschach"}

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


def post(user, path: str, body: dict) -> dict:
    response = token_client(user).post(path, body, format="json")
    assert response.status_code == 200, response.content
    return response.json()


async def test_an_offer_and_its_refusal_reach_the_other_player(game, alice, bob):
    await db(play)(game, "Bb2Cb2")
    path = f"/api/v1/games/{game.public_id}/takeback/"
    bobs = await connected(f"/ws/games/{game.public_id}/", user=bob)
    await receive_state(bobs)
    await db(post)(alice, path, {"action": "offer"})
    assert await receive(bobs) == {"type": "takeback_offer", "game": game.public_id,
                                   "variant": RAUMSCHACH, "by": "white"}
    alices = await connected(f"/ws/games/{game.public_id}/", user=alice)
    state = await receive_state(alices)
    assert state["takeback_offer"] == "white"  # a late socket resyncs from the state
    await db(post)(bob, path, {"action": "decline"})
    declined = {"type": "takeback_declined", "game": game.public_id, "variant": RAUMSCHACH,
                "by": "black"}
    assert await receive(alices) == declined
    assert await receive(bobs) == declined
    await assert_silent(bobs)
    await alices.disconnect()
    await bobs.disconnect()


async def test_an_accepted_takeback_sends_the_position_it_returns_to(game, alice, bob):
    await db(play)(game, "Bb2Cb2", "Dc4Dc3")
    path = f"/api/v1/games/{game.public_id}/takeback/"
    alices = await connected(f"/ws/games/{game.public_id}/", user=alice)
    await receive_state(alices)
    await db(post)(bob, path, {"action": "offer"})
    assert (await receive(alices))["type"] == "takeback_offer"
    state = await db(post)(alice, path, {"action": "accept"})
    assert (state["ply"], state["turn"], state["takeback_offer"]) == (1, "black", None)
    assert await receive(alices) == {
        "type": "takeback", "game": game.public_id, "variant": RAUMSCHACH, "by": "black",
        "ply": 1, "fen": state["fen"], "turn": "black", "deadline": None,
        "legal_moves": state["legal_moves"], "checkers": [], "clock_paused": False, "clock": None}
    await alices.disconnect()


async def test_a_move_after_a_takeback_reaches_a_socket_that_saw_that_ply_before(game, alice,
                                                                                 bob):
    await db(play)(game, "Bb2Cb2")
    path = f"/api/v1/games/{game.public_id}/takeback/"
    bobs = await connected(f"/ws/games/{game.public_id}/", user=bob)
    await receive_state(bobs)  # bob's socket has been sent ply 1
    await db(post)(alice, path, {"action": "offer"})
    await db(post)(bob, path, {"action": "accept"})
    assert (await receive(bobs))["type"] == "takeback_offer"
    assert (await receive(bobs))["ply"] == 0
    await db(play)(game, "Bc2Cc2")  # a new ply 1
    moved = await receive(bobs)
    assert (moved["type"], moved["ply"], moved["move"]) == ("move", 1, "Bc2Cc2")
    await bobs.disconnect()
