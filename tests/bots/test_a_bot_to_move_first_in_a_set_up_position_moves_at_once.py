"""A game from a set-up position whose side to move is Black: the first mover is Black, so
Black is told it is their turn and, when Black is a bot, the bot moves at once. The start
announced White's turn whatever the position said, so a bot with Black waited forever."""
import pytest

import engine
from bots.models import Bot
from core import background
from games import services
from games.models import Game
from tests.site_fixtures import make_user

# Committed data; tests/bots/conftest.py re-creates the bot accounts a flush removed.
pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 60  # seconds; a Beginner reply takes well under one


@pytest.fixture(autouse=True)
def in_process_bots(settings):
    settings.BACKGROUND_IN_PROCESS = True
    yield
    assert background.wait_until_idle(WAIT), "a bot job was still running after the test"


def black_to_move() -> str:
    position = engine.Position.start(engine.RAUMSCHACH)
    position.push(engine.Move.from_coord("Bb2Cb2", engine.RAUMSCHACH))
    return position.fen()


def test_a_bot_with_black_moves_first_when_the_position_has_black_to_move():
    alice = make_user("alice")
    bot = Bot.objects.get(level=0).user
    fen = black_to_move()
    assert fen.split()[1] == "b"
    challenge = services.challenge_create(challenger=alice, opponent=bot, color="white",
                                          days_per_move=None, fen=fen)
    assert background.wait_until_idle(WAIT)
    game = Game.objects.get(pk=challenge.game_id)
    assert (game.black_id, game.start_fen) == (bot.pk, fen)
    assert game.ply == 1 and game.turn == "white"


def test_the_your_turn_notice_goes_to_black_when_black_moves_first(monkeypatch):
    told = []
    monkeypatch.setattr("games.events.publish_your_turn",
                        lambda **kwargs: told.append(kwargs["user_id"]))
    alice, bob = make_user("alice"), make_user("bob")
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=3, fen=black_to_move())
    services.challenge_accept(challenge=challenge, user=bob)
    assert told == [bob.pk]
