"""The wide native core (256-bit boards, engine._rs_native_wide) plays a variant of 216 cells
exactly as the Python core: on 2,000 positions of biased random games of Five Up's rules on a
6x6x6 cube (tests/engine/variant_on_a_six_cube.py; castling off and on; en passant,
promotions, castling and placements among the moves, Black's men and state beyond the 128th
cell) both list the same legal moves, give the same evaluation, keep the same hash, pawn key,
sums and extra state, and count perft(2) alike on every twentieth."""
import pytest

from engine import Position
from engine import core as cores

from . import core_agreement as agree
from .biased_random_positions import biased_positions
from .variant_on_a_six_cube import VARIANT

COUNT = 1000  # per castling setting


@pytest.fixture(scope="module", params=[False, True], ids=["castling-off", "castling-on"])
def sample(request):
    return biased_positions(VARIANT.with_options(castling=request.param), COUNT, seed=26)


@pytest.fixture
def wide(native):
    return cores.native_module_for(VARIANT)


def test_the_variant_is_played_by_the_wide_build(native, wide):
    assert VARIANT.geometry.ncells == 216
    assert wide is not native and wide.__name__ == "engine._rs_native_wide"
    assert cores.native_module_for(Position.start().variant) is native


def test_the_games_play_the_rare_moves(sample):
    positions, played = sample
    for feature in ("en_passant", "promotion", "placement", "double_step", "capture"):
        assert played[feature] > 0, feature
    assert (played["castling"] > 0) == positions[0].variant.castling
    assert any(c >= 128 for pos in positions for c in cores.position_args(pos)["extra"][3])  # passed cells
    assert any(c >= 128 for pos in positions for c in cores.position_args(pos)["extra"][2])  # unmoved cells


def test_both_cores_list_the_same_legal_moves(wide, sample):
    agree.assert_same_legal_moves(sample[0])


def test_both_cores_give_the_same_evaluation(wide, sample):
    agree.assert_same_evaluation(wide, sample[0])


def test_a_move_played_on_the_wide_board_keeps_hash_sums_and_extra_state(wide, sample):
    agree.assert_same_board(wide, sample[0][::10])


def test_both_cores_count_perft_2_alike(wide, sample):
    agree.assert_same_perft_2(sample[0][::20])


def test_perft_from_the_start_agrees_and_the_wide_search_plays_a_legal_move(wide):
    start = Position.start(VARIANT)
    assert [cores.perft(start, d, core="native") for d in (1, 2)] == [cores.perft(start, d, core="python")
                                                                       for d in (1, 2)]
    from engine.search.native import NativeSearcher
    from engine.search.searcher import SearchLimits

    result = NativeSearcher(seed=1).search(start, SearchLimits(depth=3))
    assert result.move in start.legal_moves()
