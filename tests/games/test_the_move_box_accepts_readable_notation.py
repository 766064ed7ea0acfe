"""game_play_move takes the notation the move list shows, in any case, and refuses nonsense
in one sentence (MalformedMove, nothing stored)."""
import pytest

from games import services
from games.errors import IllegalMove, MalformedMove

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("typed", ["Bc2-Cc2", "bc2cc2", "BC2-CC2", "Bc2Cc2"])
def test_a_move_typed_in_readable_or_lower_case_form_is_played(game, alice, typed):
    move = services.game_play_move(game=game, user=alice, move=typed, ply=0)
    assert (move.coord, move.san) == ("Bc2Cc2", "Bc2-Cc2")


def test_a_malformed_move_is_refused_in_one_sentence_and_nothing_is_stored(game, alice):
    with pytest.raises(MalformedMove) as info:
        services.game_play_move(game=game, user=alice, move="Bc2~Cc2", ply=0)
    detail = info.value.detail
    assert detail.count(".") == 1 and detail.endswith(".")
    assert "(" not in detail.replace("(Bc2-Cc2)", "").replace("(Bc2Cc2)", "")
    game.refresh_from_db()
    assert game.ply == 0 and not game.moves.exists()


def test_an_illegal_readable_move_names_the_reason(game, alice):
    with pytest.raises(IllegalMove, match="is illegal: "):
        services.game_play_move(game=game, user=alice, move="Bc2-Bc4", ply=0)
