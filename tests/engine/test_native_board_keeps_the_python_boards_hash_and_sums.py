"""The native board's make/unmake keeps the Zobrist key (engine/zobrist.py's keys), the pawn
key, the material/PST sums and the phase exactly as the Python board does, move by move."""
import random

from .random_positions import random_game_positions

from engine import Position
from .native_handles import rs


def test_a_native_replay_ends_in_the_python_boards_state(native):
    rng = random.Random(5)
    for game in range(20):
        pos = Position.start()
        played = []
        for _ in range(rng.randrange(10, 150)):
            moves = pos.generate_moves()
            if not moves:
                break
            m = rng.choice(moves)
            pos.push_packed(m)
            played.append(m)
        start = Position.start()
        codes, side, hmc, key, pawn_key, mg, eg, phase, extra = native.play(rs(), start.sq, start.side, start.hmc, played)
        assert (codes, side, hmc) == (pos.sq, pos.side, pos.hmc)
        assert (key, pawn_key, mg, eg, phase) == (pos.hash, pos.pawn_hash, pos.mg, pos.eg, pos.phase)


def test_a_native_board_set_up_from_any_position_has_the_python_hash(native):
    for pos in random_game_positions(300, seed=3):
        assert native.play(rs(), pos.sq, pos.side, pos.hmc, [])[3:8] == (pos.hash, pos.pawn_hash, pos.mg, pos.eg, pos.phase)
