"""A takeback offer stands only in the position it was made in: any move (the opponent's
instead of an answer) lapses it, and the end of the game too; answering it then is refused."""
import pytest

from games import services
from games.errors import Conflict
from tests.site_fixtures import MATE_IN_ONE_FEN, MATE_IN_ONE_MOVE, make_game, play

pytestmark = pytest.mark.django_db


def test_the_opponents_move_lapses_the_offer(game, alice, bob):
    play(game, "Bb2Cb2", "Dc4Dc3")
    services.game_takeback(game=game, user=bob, action="offer")
    play(game, "Bc2Cc2")
    assert game.takeback_offer == "" and game.ply == 3
    with pytest.raises(Conflict) as caught:
        services.game_takeback(game=game, user=alice, action="accept")
    assert caught.value.code == "no_takeback_offer"
    assert game.moves.count() == 3


def test_a_mating_move_instead_of_an_answer_ends_the_game_and_the_offer(alice, bob):
    # Black to move first; after its king steps aside White mates at once.
    game = make_game(alice, bob, fen=MATE_IN_ONE_FEN.replace(" w ", " b "))
    play(game, "Ec1Ec2")
    services.game_takeback(game=game, user=bob, action="offer")
    services.game_draw(game=game, user=bob, action="offer")  # both offers stand at the mate
    play(game, MATE_IN_ONE_MOVE)
    assert (game.status, game.termination) == ("finished", "checkmate")
    assert (game.takeback_offer, game.draw_offer) == ("", "")
