"""A bot answers a draw offer by its own search: it accepts when it is clearly worse (or the
position is a dead draw) and declines when it is better. The offer reaches it through
games.signals.draw_offered (in-process runner here), never by games calling bots."""
import pytest

from bots import draws
from core import background
from games import services
from games.models import Game
from tests.bots.conftest import bot_user
from tests.site_fixtures import MATE_IN_ONE_FEN, make_game, make_user

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 60  # seconds; bounds a failure only, the answer takes well under one


@pytest.fixture(autouse=True)
def in_process_bots(settings):
    settings.BACKGROUND_IN_PROCESS = True
    yield
    assert background.wait_until_idle(WAIT), "a bot job was still running after the test"


def test_a_bot_that_is_lost_accepts_the_draw():
    # White (the person) has king, queen and rook against the bot's bare king.
    person, bot = make_user("alice"), bot_user(2)
    game = make_game(person, bot, fen=MATE_IN_ONE_FEN)
    services.game_draw(game=game, user=person, action="offer")
    assert background.wait_until_idle(WAIT)
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "1/2-1/2", "agreement")


def test_a_bot_that_is_winning_declines_the_draw():
    bot, person = bot_user(2), make_user("bob")
    game = make_game(bot, person, fen=MATE_IN_ONE_FEN)  # the bot has the queen and rook
    services.game_draw(game=game, user=person, action="offer")
    assert background.wait_until_idle(WAIT)
    game.refresh_from_db()
    assert (game.status, game.draw_offer) == ("active", "")


def test_an_offer_between_two_people_is_left_to_them():
    alice, bob = make_user("alice"), make_user("bob")
    game = make_game(alice, bob)
    services.game_draw(game=game, user=alice, action="offer")
    assert background.wait_until_idle(WAIT)
    game.refresh_from_db()
    assert game.draw_offer == "white" and game.status == "active"


def test_an_offer_withdrawn_before_the_bot_answers_changes_nothing():
    person, bot = make_user("carol"), bot_user(1)
    game = make_game(person, bot, fen=MATE_IN_ONE_FEN)
    Game.objects.filter(pk=game.pk).update(draw_offer="")  # as if a move had withdrawn it
    assert draws.bot_draw_answer(game_id=game.pk).status == "dropped"
    game.refresh_from_db()
    assert game.status == "active"


def test_a_quiet_even_position_late_in_the_game_is_a_dead_draw():
    from engine import Position

    # The start position is level; 60 plies in, an even score counts as a dead draw.
    start = Position()
    accept_late, score = draws.judge(start, level=3, bot_color="white", turn="white",
                                     ply=draws.DEAD_DRAW_AFTER, seed=1)
    accept_early, _ = draws.judge(start, level=3, bot_color="white", turn="white", ply=10,
                                  seed=1)
    assert accept_early is False
    assert accept_late is (abs(score) <= draws.DEAD_DRAW_MARGIN)
