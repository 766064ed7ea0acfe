"""Every built-in bot level plays every variant: its reply is searched in the game's own
variant (legal there, written in its cell names) and played through the one move path."""
import engine
import pytest

from bots import services as bot_services
from bots.models import Bot
from games import services
from games.models import Game
from tests.bots.conftest import ensure_bot_accounts

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _bot_accounts(db):
    ensure_bot_accounts()


@pytest.mark.parametrize("variant_fixture", ["fiveup", "nounicorn", "hexraumschach", "startrek"])
@pytest.mark.parametrize("level", [0, 1, 2, 3, 4, 5])
def test_a_bot_replies_in_the_games_variant(request, alice, level, variant_fixture):
    variant = request.getfixturevalue(variant_fixture)
    bot = Bot.objects.select_related("user").get(level=level).user
    challenge = services.challenge_create(challenger=alice, opponent=bot, color="black",
                                          days_per_move=None, variant=variant.key)
    game = challenge.game
    assert (game.variant, game.white_id) == (variant.key, bot.pk)  # accepted, and to move
    legal = set(engine.Position.from_fen(game.fen, variant).legal_moves())

    outcome = bot_services.bot_move_play(game_id=game.pk, movetime=0.2)

    assert outcome.status == "played", outcome
    game = Game.objects.get(pk=game.pk)
    assert game.ply == 1 and game.moves.get().coord == outcome.move
    position = engine.Position.from_fen(challenge.game.fen, variant)
    assert position.parse_coord(outcome.move) in legal
