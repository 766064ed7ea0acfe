"""The game state lists the cells of the pieces giving check, so boards draw the check line
without computing attacks in the browser."""
import pytest

from games.selectors import game_state
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db


def test_a_position_in_check_names_its_checkers(alice, bob):
    fen = "k4/5/5/5/5|5/5/5/5/5|5/5/b4/5/5|5/5/5/5/5|r4/5/5/5/K4 w 0 1"
    assert game_state(make_game(alice, bob, fen=fen))["checkers"] == ["Aa5", "Ca3"]


def test_the_start_position_has_no_checkers(game):
    assert game_state(game)["checkers"] == []
