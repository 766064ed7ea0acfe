"""The seed's fool's mate (docs/rules/fiveup.md section 10), replayed by the naive generator,
ends in checkmate; on the way the L-shaped double step leaves only its empty middle cell as
the passed cell."""
from . import naive_fiveup as naive

LINE = ("Bc2Cc2", "Dc4Cc4", "Bb1Be4/g", "Ed4Dd3", "Ab1Bb3/s", "Cc4Cc3", "Ab1De4")


def test_the_line_is_legal_and_ends_in_checkmate():
    state = naive.read(naive.START)
    for text in LINE:
        state = naive.play(state, naive.parse_move(state, text))
        if text == "Ed4Dd3":
            # Dd4 (Black's own pawn) was occupied, Ed3 empty: one passed cell
            assert naive.write(state).split()[4] == "Ed3@Dd3"
    assert naive.in_check(state.board, "b")
    assert naive.legal_moves(state) == []


def test_the_placements_left_a_guard_on_bb1_and_a_silver_unicorn_that_mated_from_ab1():
    state = naive.read(naive.START)
    for text in LINE:
        state = naive.play(state, naive.parse_move(state, text))
    assert state.board[naive.parse_cell("Bb1")] == "G"
    assert state.board[naive.parse_cell("De4")] == "S"
    assert naive.write(state).split()[2] == "Wwgs"
