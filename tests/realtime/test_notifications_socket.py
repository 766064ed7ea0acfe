"""ws/notifications/ tells a logged-in user, and only that user: challenge received, challenge
accepted (with the game), your turn (game, the opponent's move, deadline), game ended."""
import pytest

from games import services
from tests.realtime.sockets import assert_silent, connected, db, receive

# Every notification names the game's (or the challenge's) variant.
RAUMSCHACH = {"key": "raumschach", "name": "Raumschach"}

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]


async def inbox(user):
    return await connected("/ws/notifications/", user=user)


async def test_a_challenge_received_and_accepted_reach_the_right_people(alice, bob, carol):
    alice_inbox, bob_inbox, carol_inbox = await inbox(alice), await inbox(bob), await inbox(carol)
    challenge = await db(services.challenge_create)(challenger=alice, opponent=bob,
                                                    color="white", days_per_move=2)
    assert await receive(bob_inbox) == {"type": "challenge_received",
                                        "challenge": challenge.pk, "from": "alice",
                                        "variant": RAUMSCHACH}
    game = await db(services.challenge_accept)(challenge=challenge, user=bob)
    assert await receive(alice_inbox) == {"type": "challenge_accepted",
                                          "challenge": challenge.pk, "game": game.public_id,
                                          "by": "bob", "variant": RAUMSCHACH}
    # alice plays White: the game starting is her turn, with no opponent's move yet.
    your_turn = await receive(alice_inbox)
    assert your_turn == {"type": "your_turn", "game": game.public_id, "ply": 0, "move": None,
                         "san": None, "deadline": game.deadline.isoformat(),
                         "variant": RAUMSCHACH}
    await assert_silent(carol_inbox)
    for socket in (alice_inbox, bob_inbox, carol_inbox):
        await socket.disconnect()


async def test_your_turn_names_the_opponents_move_and_the_deadline(alice, bob):
    from tests.site_fixtures import make_game

    game = await db(make_game)(alice, bob, days_per_move=1)
    bob_inbox, alice_inbox = await inbox(bob), await inbox(alice)
    await db(services.game_play_move)(game=game, user=alice, move="Bb2Cb2", ply=0)
    await db(game.refresh_from_db)()
    assert await receive(bob_inbox) == {"type": "your_turn", "game": game.public_id, "ply": 1,
                                        "move": "Bb2Cb2", "san": "Bb2-Cb2",
                                        "deadline": game.deadline.isoformat(),
                                        "variant": RAUMSCHACH}
    await assert_silent(alice_inbox)  # the mover is not told it is their turn
    await bob_inbox.disconnect()
    await alice_inbox.disconnect()


async def test_both_players_hear_that_the_game_ended(game, alice, bob, carol):
    sockets = [await inbox(alice), await inbox(bob)]
    watcher = await inbox(carol)
    await db(services.game_resign)(game=game, user=bob)
    for socket in sockets:
        assert await receive(socket) == {"type": "game_ended", "game": game.public_id,
                                         "result": "1-0", "termination": "resign",
                                         "variant": RAUMSCHACH, "clock": None}
        await socket.disconnect()
    await assert_silent(watcher)
    await watcher.disconnect()


async def test_sending_on_the_notification_socket_gets_an_error(alice):
    socket = await inbox(alice)
    await socket.send_json_to({"type": "move", "move": "Bb2Cb2", "ply": 0})
    message = await receive(socket)
    assert (message["type"], message["error"]) == ("error", "invalid")
    await socket.disconnect()
