"""Export -> import (issue 44's "done when"): the record the site exports for a finished game
of each variant, imported, is the same game: the same moves (coordinates, readable form and the
position after each), result, termination, options and final position."""
import pytest

from games import selectors, services
from games.models import Game
from tests.imports.helpers import finished_game, moves_of
from tests.site_fixtures import MATE_IN_ONE_FEN, MATE_IN_ONE_MOVE, make_game, play

pytestmark = pytest.mark.django_db


def _same_game(imported: Game, original: Game) -> None:
    assert imported.pk != original.pk and imported.imported and not imported.rated
    assert imported.status == Game.Status.FINISHED
    assert (imported.variant, imported.variant_options, imported.start_fen) == (
        original.variant, original.variant_options, original.start_fen)
    assert (imported.result, imported.termination) == (original.result, original.termination)
    assert (imported.fen, imported.ply, imported.turn, imported.position_keys) == (
        original.fen, original.ply, original.turn, original.position_keys)
    assert moves_of(imported) == moves_of(original)
    assert (imported.white_name, imported.black_name) == (
        original.white.username, original.black.username)


@pytest.mark.parametrize("variant, options", [
    ("raumschach", None), ("fiveup", None), ("fiveup", {"castling": True}),
    ("hexraumschach", None), ("startrek", None)])
def test_a_resigned_game_of_each_variant_comes_back_the_same(alice, bob, carol, variant, options):
    original = finished_game(alice, bob, variant, variant_options=options)
    assert original.ply > 0 and original.result in ("1-0", "0-1")
    text = selectors.game_export_text(original)
    imported = services.game_import(user=carol, text=text)
    imported.refresh_from_db()
    _same_game(imported, original)
    assert imported.imported_by == carol
    # And the imported game exports to the same record, but for what an import never keeps:
    # the original's rating (an import is unrated).
    assert _unrated(selectors.game_export_text(imported)) == _unrated(text)


def _unrated(text: str) -> list[str]:
    return [line for line in text.splitlines()
            if not line.startswith(("[Rated ", "[WhiteElo ", "[BlackElo "))]


def test_a_game_from_a_set_up_position_ended_by_mate_comes_back_the_same(alice, bob, carol):
    original = play(make_game(alice, bob, fen=MATE_IN_ONE_FEN), MATE_IN_ONE_MOVE)
    assert (original.result, original.termination) == ("1-0", "checkmate")
    text = selectors.game_export_text(original)
    assert f'[FEN "{MATE_IN_ONE_FEN}"]' in text
    imported = services.game_import(user=carol, text=text)
    imported.refresh_from_db()
    _same_game(imported, original)
