"""A bare move list imports too: coordinates or the readable form, under a [Variant] tag (by
name or key, any case; Raumschach without one), numbered or not; the result after the moves
is the game's (resign for a decisive one, agreement for a draw, an open * when none is
given)."""
import pytest

from games import services
from games.models import Game
from tests.imports.helpers import finished_game, moves_of

pytestmark = pytest.mark.django_db


def test_coordinates_without_numbers_under_a_variant_key(alice, bob, carol):
    original = finished_game(alice, bob, "fiveup", plies=16, seed=3)
    coords = " ".join(coord for coord, _san, _fen in moves_of(original))
    game = services.game_import(user=carol, text=f'[Variant "FIVEUP"]\n{coords}\n')
    assert game.variant == "fiveup" and moves_of(game) == moves_of(original)
    assert (game.result, game.termination, game.status) == ("*", "", Game.Status.FINISHED)
    assert (game.white_name, game.black_name) == ("", "")


def test_readable_moves_split_over_lines_with_a_result(alice, bob, carol):
    original = finished_game(alice, bob, "hexraumschach", plies=12, seed=5)
    sans = [san for _coord, san, _fen in moves_of(original)]
    lines = [f"{n // 2 + 1}. {sans[n]} {sans[n + 1] if n + 1 < len(sans) else ''}"
             for n in range(0, len(sans), 2)]
    text = '[Variant "Hexagonal Raumschach"]\n\n' + "\n".join(lines) + "\n1/2-1/2\n"
    game = services.game_import(user=carol, text=text)
    assert moves_of(game) == moves_of(original) and game.fen == original.fen
    assert (game.result, game.termination) == ("1/2-1/2", "agreement")


def test_no_variant_tag_means_raumschach_and_a_decisive_result_a_resignation(carol):
    game = services.game_import(user=carol, text="Bb2Cb2 Dc4Dc3 Ab1Aa3 0-1")
    assert game.variant == "raumschach" and game.ply == 3
    assert [san for _c, san, _f in moves_of(game)] == ["Bb2-Cb2", "Dc4-Dc3", "NAb1-Aa3"]
    assert (game.result, game.termination) == ("0-1", "resign")
