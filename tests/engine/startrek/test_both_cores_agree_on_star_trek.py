"""Both cores play Star Trek alike on 120 positions of seeded biased random games (board moves,
carried pawns, captures across levels, promotions, checks and bare kings all played): the same
legal moves, the same evaluation, the same hash, pawn key, sums, unmoved pawns and occupied
pins before and after moves made on the native board, and perft(2) on every fourth.
scripts/cores_agree.py --variant startrek runs the same checks on thousands of positions."""
import pytest

from engine import Position
from engine import core as cores
from engine.search.evaluate import BARE_KING_SCORE

from tests.engine import core_agreement as agree
from tests.engine.startrek.helpers import STARTREK, position
from tests.engine.startrek.random_games import positions

COUNT = 120


@pytest.fixture(scope="module")
def sample():
    return positions(COUNT, seed=26)


@pytest.fixture
def wide(native):
    return cores.native_module_for(STARTREK)


def test_the_games_play_the_rare_moves(sample):
    found, played = sample
    assert len(found) == COUNT
    assert played["board"] > 10 and played["carries_pawn"] > 0 and played["pawn_capture_across_levels"] > 0
    assert played["capture"] > 10 and played["check"] > 0 and played["double_step"] > 0


def test_both_cores_list_the_same_legal_moves(wide, sample):
    agree.assert_same_legal_moves(sample[0])


def test_both_cores_give_the_same_evaluation(wide, sample):
    agree.assert_same_evaluation(wide, sample[0])


def test_the_native_board_keeps_the_python_boards_state(wide, sample):
    agree.assert_same_board(wide, sample[0], moves_every=3)


def test_both_cores_count_perft_2_alike(wide, sample):
    agree.assert_same_perft_2(sample[0][::4])


@pytest.mark.parametrize("side", ["w", "b"])
def test_a_bare_king_is_scored_as_lost_by_both(wide, side):
    pos = position({"Ad0": "K", "Gd9": "k", "Bb2": "Q", "Fc7": "p"}, side=side)
    assert pos.generate_legal()
    bare = position({"Ad0": "K", "Gd9": "k", "Bb2": "Q"}, side=side)
    want = BARE_KING_SCORE if side == "w" else -BARE_KING_SCORE
    assert cores.evaluate(bare, core="native") == cores.evaluate(bare, core="python") == want
    assert cores.evaluate(pos, core="native") == cores.evaluate(pos, core="python")


def test_a_promotion_a_double_step_and_a_carried_pawn_are_made_alike(wide):
    # White: a pawn one step from promotion, an unmoved pawn on the Q1d board (carried, then
    # its two-step), the king on the main board W.
    pos = position({"Bb4": "K", "Gd9": "k", "Fc7": "P", "Az1": "P", "Dd5": "n"}, unmoved="Az1")
    agree.assert_same_board(wide, [pos], moves_every=1)
    pos.push_checked("Q1dQ1u")
    pos.push_checked("Gd9Ge9")
    assert "Cz1Cz3" in {pos.coord(m) for m in pos.legal_moves()}
    agree.assert_same_legal_moves([pos])
    agree.assert_same_board(wide, [pos], moves_every=1)
    assert cores.perft(pos, 3, core="native") == cores.perft(pos, 3, core="python")
