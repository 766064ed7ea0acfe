"""Moves, draw offers and game ends stored through the REST API are pushed to both players and
to watchers of the game, in the shapes of issue 5, and only to that game's sockets."""
import pytest

from tests.realtime.sockets import assert_silent, connected, db, receive, receive_state
from tests.site_fixtures import MATE_IN_ONE_FEN, MATE_IN_ONE_MOVE, make_game, token_client

# Every event names the game's variant.
RAUMSCHACH = {"key": "raumschach", "name": "Raumschach"}

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


def post(user, path: str, body: dict | None = None) -> dict:
    response = token_client(user).post(path, body or {}, format="json")
    assert response.status_code in (200, 201), response.content
    return response.json()


async def sockets_for(game, *users):
    sockets = []
    for user in users:
        socket = await connected(f"/ws/games/{game.public_id}/", user=user)
        await receive_state(socket)
        sockets.append(socket)
    return sockets


async def test_a_move_posted_to_the_api_reaches_both_players_and_a_watcher(game, alice, bob,
                                                                          carol):
    sockets = await sockets_for(game, alice, bob, carol)
    played = await db(post)(alice, f"/api/v1/games/{game.public_id}/moves/",
                            {"move": "Bb2Cb2", "ply": 0})
    expected = {"type": "move", "game": game.public_id, "variant": RAUMSCHACH, "ply": 1, "move": "Bb2Cb2", "san": "Bb2-Cb2",
                "fen": played["fen"], "turn": "black", "deadline": None,
                "legal_moves": played["game"]["legal_moves"],
                "checkers": played["game"]["checkers"], "clock_paused": False,
                "clock": None}
    for socket in sockets:
        assert await receive(socket) == expected
        await assert_silent(socket)
        await socket.disconnect()


async def test_the_deadline_of_a_correspondence_game_comes_with_the_move(alice, bob):
    game = await db(make_game)(alice, bob, days_per_move=3)
    [socket] = await sockets_for(game, bob)
    played = await db(post)(alice, f"/api/v1/games/{game.public_id}/moves/",
                            {"move": "Bb2Cb2", "ply": 0})
    message = await receive(socket)
    assert message["deadline"] == played["game"]["deadline"] is not None
    await socket.disconnect()


async def test_a_draw_offer_and_its_refusal_are_pushed(game, alice, bob):
    [socket] = await sockets_for(game, alice)
    await db(post)(alice, f"/api/v1/games/{game.public_id}/draw/", {"action": "offer"})
    assert await receive(socket) == {"type": "draw_offer", "game": game.public_id, "by": "white",
                                     "variant": RAUMSCHACH}
    await db(post)(bob, f"/api/v1/games/{game.public_id}/draw/", {"action": "decline"})
    assert await receive(socket) == {"type": "draw_declined", "game": game.public_id, "by": "black",
                                     "variant": RAUMSCHACH}
    await socket.disconnect()


async def test_a_resignation_ends_the_game_for_everyone_watching(game, alice, bob, carol):
    sockets = await sockets_for(game, bob, carol)
    await db(post)(alice, f"/api/v1/games/{game.public_id}/resign/")
    for socket in sockets:
        assert await receive(socket) == {"type": "end", "game": game.public_id, "result": "0-1",
                                         "termination": "resign", "variant": RAUMSCHACH,
                                         "clock": None}
        await socket.disconnect()


async def test_a_mating_move_is_pushed_and_then_the_end(alice, bob):
    game = await db(make_game)(alice, bob, fen=MATE_IN_ONE_FEN)
    [socket] = await sockets_for(game, bob)
    await db(post)(alice, f"/api/v1/games/{game.public_id}/moves/", {"move": MATE_IN_ONE_MOVE, "ply": 0})
    move = await receive(socket)
    assert (move["type"], move["move"], move["san"].endswith("#")) == (
        "move", MATE_IN_ONE_MOVE, True)
    assert await receive(socket) == {"type": "end", "game": game.public_id, "result": "1-0",
                                     "termination": "checkmate", "variant": RAUMSCHACH,
                                     "clock": None}
    await socket.disconnect()


async def test_another_games_events_are_not_sent(game, alice, bob, carol):
    other = await db(make_game)(carol, bob)
    [socket] = await sockets_for(game, alice)
    await db(post)(carol, f"/api/v1/games/{other.public_id}/moves/", {"move": "Bb2Cb2", "ply": 0})
    await assert_silent(socket)
    await socket.disconnect()
