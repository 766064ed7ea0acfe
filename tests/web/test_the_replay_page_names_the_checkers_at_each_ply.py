"""The replay page's data names, for every ply, the cells giving check there (computed by the
engine on the server), so the page draws check lines as the game page does."""
import pytest
from django.test import Client

from tests.site_fixtures import make_game, play
from tests.web.conftest import embedded_json

pytestmark = pytest.mark.django_db

# White rook Aa2 and king Ae1, black king Ea5: the rook's climb to Ea2 checks along file a.
ROOK_FEN = "k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/R4/4K w 0 1"
# A start position already in check: the black bishop on Ca3 checks White's king on Aa1.
CHECKED_START_FEN = "k4/5/5/5/5|5/5/5/5/5|5/5/b4/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1"


def test_the_checking_ply_names_its_checker_and_the_others_none(alice, bob):
    game = play(make_game(alice, bob, fen=ROOK_FEN), "Aa2Ea2", "Ea5Eb5")
    state = embedded_json(Client().get(f"/games/{game.public_id}/replay/"), "game-state")
    assert state["start_checkers"] == []
    assert [(m["move"], m["checkers"]) for m in state["moves"]] == [
        ("Aa2Ea2", ["Ea2"]), ("Ea5Eb5", [])]


def test_a_start_position_in_check_names_its_checker(alice, bob):
    game = make_game(alice, bob, fen=CHECKED_START_FEN)
    state = embedded_json(Client().get(f"/games/{game.public_id}/replay/"), "game-state")
    assert state["start_checkers"] == ["Ca3"]
    assert state["moves"] == []
