"""End of the game: spacemate, stalemate, threefold repetition, 50 moves, insufficient material."""
import pytest

from engine import BLACK, WHITE, Move, Position, Termination

# Black king Ee5 in the corner; white queen Dd4 touches it diagonally and is guarded by the
# rook on Ad4 (up the d4 column); the queen covers all seven neighbours of Ee5.
SPACEMATE = "4k/5/5/5/5|5/3Q1/5/5/5|5/5/5/5/5|5/5/5/5/5|5/3R1/5/5/K4 b 0 1"
# Black king Ee5; white queen Ed3 and king Cd4 cover all seven neighbours but not Ee5.
STALEMATE = "4k/5/3Q1/5/5|5/5/5/5/5|5/3K1/5/5/5|5/5/5/5/5|5/5/5/5/5 b 0 1"


def test_spacemate_is_checkmate_and_wins():
    pos = Position.from_fen(SPACEMATE)
    assert pos.is_check() and pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome.termination == Termination.CHECKMATE and outcome.winner == WHITE
    assert outcome.result() == "1-0" and pos.is_checkmate()


def test_a_black_spacemate_wins_for_black():
    # SPACEMATE reflected through Cc3 with the colours swapped: queen Bb2 guarded by rook Eb2.
    pos = Position.from_fen("4k/5/5/1r3/5|5/5/5/5/5|5/5/5/5/5|5/5/5/1q3/5|5/5/5/5/K4 w 0 1")
    outcome = pos.outcome()
    assert outcome.termination == Termination.CHECKMATE and outcome.winner == BLACK
    assert outcome.result() == "0-1"


def test_stalemate_is_a_draw():
    pos = Position.from_fen(STALEMATE)
    assert not pos.is_check() and pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome.termination == Termination.STALEMATE and outcome.winner is None
    assert outcome.result() == "1/2-1/2" and pos.is_stalemate()


def test_the_game_goes_on_in_the_start_position():
    assert Position.start().outcome() is None


KNIGHT_SHUFFLE = ["Ab1Cb2", "Eb5Cb4", "Cb2Ab1", "Cb4Eb5"]


def test_threefold_repetition_is_a_draw_on_the_third_occurrence():
    pos = Position.start()
    for move in KNIGHT_SHUFFLE:  # back to the start: second occurrence
        pos.push(Move.from_coord(move))
    assert pos.is_repetition(2) and not pos.is_repetition(3)
    for move in KNIGHT_SHUFFLE[:3]:
        pos.push(Move.from_coord(move))
        assert pos.outcome() is None
    pos.push(Move.from_coord(KNIGHT_SHUFFLE[3]))  # third occurrence of the start position
    assert pos.is_repetition(3)
    assert pos.outcome().termination == Termination.THREEFOLD_REPETITION
    assert pos.outcome(claim_draw=False) is None


def test_a_repetition_needs_the_same_side_to_move():
    pos = Position.start()
    # After White's knight goes out and back, the placement of the start recurs but with
    # Black to move: that is not a repetition.
    pos.push(Move.from_coord("Ab1Cb2"))
    pos.push(Move.from_coord("Eb5Cb4"))
    pos.push(Move.from_coord("Cb2Ab1"))
    pos.push(Move.from_coord("Cb4Eb5"))
    pos.push(Move.from_coord("Ab1Cb2"))  # same placement as after ply 1, Black to move: 2nd time
    assert pos.is_repetition(2)
    pos.push_null()  # same placement as after ply 1 ... but White to move: never seen before
    assert not pos.is_repetition(2)
    pos.pop_null()


def test_a_capture_or_pawn_move_breaks_the_repetition_count():
    pos = Position.start()
    for move in KNIGHT_SHUFFLE:
        pos.push(Move.from_coord(move))
    pos.push(Move.from_coord("Bc2Cc2"))  # pawn move: nothing before it can repeat
    for move in ["Eb5Cb4", "Ab1Cb2", "Cb4Eb5", "Cb2Ab1"]:
        pos.push(Move.from_coord(move))
    # The placement after the pawn move recurs once; the start placement is out of reach.
    assert pos.is_repetition(2) and not pos.is_repetition(3)


FIFTY = "4k/5/5/5/5|5/5/5/5/5|5/5/2R2/5/5|5/5/5/5/5|5/5/5/5/K4 w 99 80"


def test_the_hundredth_quiet_half_move_draws_by_the_fifty_move_rule():
    pos = Position.from_fen(FIFTY)
    assert pos.outcome() is None
    pos.push(Move.from_coord("Cc3Cc2"))
    assert pos.halfmove_clock == 100
    assert pos.outcome().termination == Termination.FIFTY_MOVES
    assert pos.outcome(claim_draw=False) is None


def test_a_capture_resets_the_halfmove_clock():
    pos = Position.from_fen("4k/5/5/5/5|5/5/5/5/5|5/5/2R2/5/2p2|5/5/5/5/5|5/5/5/5/K4 w 99 80")
    pos.push(Move.from_coord("Cc3Cc1"))
    assert pos.halfmove_clock == 0 and pos.outcome() is None


def test_checkmate_on_the_hundredth_half_move_is_still_checkmate():
    pos = Position.from_fen("4k/5/5/5/5|5/5/5/5/3Q1|5/5/5/5/5|5/5/5/5/5|5/3R1/5/5/K4 w 99 80")
    pos.push(Move.from_coord("Dd1Dd4"))
    assert pos.outcome().termination == Termination.CHECKMATE


@pytest.mark.parametrize(
    "extra,draw",
    [
        ("", True),  # K v K
        ("N", True),
        ("b", True),  # a black bishop: K v K + B
        ("U", True),
        ("R", False),
        ("Q", False),
        ("P", False),
        ("NN", False),  # docs/rules/raumschach.md lists only a single minor piece
        ("Bb", False),
        ("Nu", False),
    ],
)
def test_insufficient_material_is_exactly_k_v_k_and_k_plus_one_minor_v_k(extra, draw):
    # Kings on Aa1 and Ee5; extra pieces on level C, rank 3 (nobody in check from there).
    rank = extra + str(5 - len(extra)) if len(extra) < 5 else extra
    fen = f"4k/5/5/5/5|5/5/5/5/5|5/5/{rank}/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1"
    pos = Position.from_fen(fen)
    assert pos.is_insufficient_material() == draw
    outcome = pos.outcome()
    assert (outcome is not None and outcome.termination == Termination.INSUFFICIENT_MATERIAL) == draw
