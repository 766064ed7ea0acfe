"""The test puzzles' lines (tests/puzzles/lines.py) are what they claim: legal lines ending in
checkmate, in each of the four games (so the tests that solve them solve real mates)."""
import engine
import pytest

from tests.puzzles.lines import LINES, mate_line


@pytest.mark.parametrize("key", sorted(LINES))
def test_each_line_ends_in_checkmate(key):
    fen, line = LINES[key]
    pos = engine.Position.from_fen(fen, engine.variants.variant_by_key(key[0]))
    for text in line:
        assert not pos.is_game_over(claim_draw=False)
        pos.push_checked(text)
    assert pos.is_checkmate()


def test_the_one_move_form_is_the_last_move_from_two_plies_later():
    fen, line = mate_line("fiveup", plies=1)
    pos = engine.Position.from_fen(fen, engine.variants.variant_by_key("fiveup"))
    pos.push_checked(line[0])
    assert len(line) == 1 and pos.is_checkmate()
