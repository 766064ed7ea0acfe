"""A game state lists the moves up to its own ply, never a later one: the REST answer to a move
is read after the move's commit, when the opponent may already have replied. A state that said
"ply 1" but listed two moves made the page, on receiving the reply's event, show it twice."""
import pytest

from games import selectors, services
from games.models import Game
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


def test_a_state_read_after_the_reply_lists_only_the_moves_up_to_its_ply(alice, bob):
    game = make_game(alice, bob)
    played = services.game_play_move(game=game, user=alice, move="Bc2Cc2", ply=0)
    # The opponent replies before the first mover's answer is built.
    services.game_play_move(game=Game.objects.get(pk=game.pk), user=bob, move="Dc4Cc4", ply=1)

    state = selectors.game_state(played.game, alice, legal_moves=played.legal_moves,
                                 checkers=played.checkers)

    assert state["ply"] == 1
    assert [m["ply"] for m in state["moves"]] == [1]
