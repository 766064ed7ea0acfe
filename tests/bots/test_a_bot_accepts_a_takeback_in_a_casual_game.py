"""A built-in bot accepts a takeback in a casual game: the person's move and the bot's reply
go, and the person is to move again (no new bot move is started). While the bot is still to
move the offer waits (its move lapses it), so a search never plays into a position it was not
made for. The offer reaches the bot through games.signals.takeback_offered."""
import pytest

from bots import selectors, takebacks
from core import background
from games import services
from games.models import Game
from tests.bots.conftest import bot_user
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 60  # seconds; bounds a failure only, the answer takes well under one


@pytest.fixture(autouse=True)
def in_process_bots(settings):
    settings.BACKGROUND_IN_PROCESS = True
    yield
    assert background.wait_until_idle(WAIT), "a bot job was still running after the test"


def test_the_bot_takes_back_the_persons_move_and_its_reply():
    person, bot = make_user("alice"), bot_user(1)
    game = make_game(person, bot)
    services.game_play_move(game=game, user=person, move="Bb2Cb2", ply=0)
    assert background.wait_until_idle(WAIT)
    game.refresh_from_db()
    assert game.ply == 2  # the bot replied
    services.game_takeback(game=game, user=person, action="offer")
    assert background.wait_until_idle(WAIT)
    game.refresh_from_db()
    assert (game.ply, game.turn, game.fen, game.takeback_offer) == (
        0, "white", game.start_fen, "")
    assert not game.moves.exists()


def test_while_the_bot_is_to_move_it_does_not_answer():
    person, bot = make_user("bob"), bot_user(1)
    game = make_game(person, bot)
    # As if the person had moved and offered before the bot's reply came: no answer yet.
    Game.objects.filter(pk=game.pk).update(ply=1, turn="black", takeback_offer="white")
    assert selectors.bot_to_answer_takeback(game_id=game.pk) is None
    assert takebacks.bot_takeback_answer(game_id=game.pk) == "dropped"


def test_a_bot_in_a_rated_game_is_never_asked():
    person, bot = make_user("carol"), bot_user(1)
    game = make_game(person, bot)
    Game.objects.filter(pk=game.pk).update(rated=True, ply=2, takeback_offer="white")
    assert selectors.bot_to_answer_takeback(game_id=game.pk) is None
