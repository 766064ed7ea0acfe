"""Embedded mode (no Redis: in-memory channel layer, bots in the server's threads): the bot's
reply to a move is pushed to the player's connected websocket, like any move."""
import pytest

from bots.models import Bot
from core import background
from games import services
from games.models import Game
from tests.realtime.sockets import MEMORY_LAYER, connected, db, receive, receive_state
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db(transaction=True)

REPLY_TIMEOUT = 30  # seconds; an Easy reply takes well under one, this only bounds a failure


@pytest.fixture(autouse=True)
def embedded_mode(settings):
    settings.BACKGROUND_IN_PROCESS = True
    settings.CHANNEL_LAYERS = MEMORY_LAYER
    yield
    assert background.wait_until_idle(REPLY_TIMEOUT)


def start_game_against_easy_bot() -> Game:
    alice = make_user("alice")
    easy = Bot.objects.get(level=1).user
    challenge = services.challenge_create(challenger=alice, opponent=easy, color="white",
                                          days_per_move=None)
    return Game.objects.select_related("white").get(pk=challenge.game_id)


async def test_the_bots_reply_reaches_the_players_socket():
    game = await db(start_game_against_easy_bot)()
    socket = await connected(f"/ws/games/{game.public_id}/", user=game.white)
    await receive_state(socket)
    # Played like a view does: sync code in asgiref's thread, awaited by the server's loop.
    await db(services.game_play_move)(game=game, user=game.white, move="Bb2Cb2", ply=0)
    assert (await receive(socket))["ply"] == 1
    reply = await socket.receive_json_from(timeout=REPLY_TIMEOUT)
    assert (reply["type"], reply["ply"], reply["turn"]) == ("move", 2, "white")
    await socket.disconnect()
