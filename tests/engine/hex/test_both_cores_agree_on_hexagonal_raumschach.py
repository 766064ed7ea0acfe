"""Both cores play Hexagonal Raumschach alike (the native one on its wide, 256-bit build): on
2,000 positions of biased random games (captures and promotions preferred) they list the same
legal moves, give the same evaluation, keep the same hash, pawn key and sums (also after a
move made on the native board), and count perft(2) alike on every twentieth; perft from the
start is the ruling's."""
import pytest

from engine import Position
from engine import core as cores

from tests.engine import core_agreement as agree
from tests.engine.biased_random_positions import biased_positions
from tests.engine.hex.helpers import HEX

COUNT = 2000


@pytest.fixture(scope="module")
def sample():
    return biased_positions(HEX, COUNT, seed=25)


@pytest.fixture
def wide(native):
    return cores.native_module_for(HEX)


def test_hex_is_played_by_the_wide_build(native, wide):
    assert wide is not native and wide.__name__ == "engine._rs_native_wide"
    assert cores.native_supports(HEX)


def test_the_games_play_captures_and_promotions(sample):
    positions, played = sample
    assert len(positions) == COUNT
    assert played["capture"] > 100 and played["promotion"] > 0


def test_both_cores_list_the_same_legal_moves(wide, sample):
    agree.assert_same_legal_moves(sample[0])


def test_both_cores_give_the_same_evaluation(wide, sample):
    agree.assert_same_evaluation(wide, sample[0])


def test_the_native_board_keeps_the_python_boards_hash_and_sums(wide, sample):
    agree.assert_same_board(wide, sample[0][::5], moves_every=9)


def test_both_cores_count_perft_2_alike(wide, sample):
    agree.assert_same_perft_2(sample[0][::20])


def test_perft_from_the_start_on_the_native_core(wide):
    start = Position.start(HEX)
    assert [cores.perft(start, d, core="native") for d in (1, 2)] == [53, 2_807]  # the ruling's
    assert cores.perft(start, 3, core="native") == cores.perft(start, 3, core="python")
    assert cores.perft(start, 3, bulk=False, core="native") == cores.perft(start, 3, core="native")
