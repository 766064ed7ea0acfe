"""Five Up's rules do not tell White from Black (seen through (l, r, f) -> (4-l, 4-r, f)) nor
the a-file from the e-file: along a seeded random game the engine's perft(2) of each position
equals that of its colour mirror and of its file mirror (docs/rules/fiveup.md section 10).
The mirrored position strings are written by the naive generator."""
import pytest

from . import fiveup_engine as eng
from . import naive_fiveup as naive
from .fiveup_random_games import walked


@pytest.mark.parametrize("castling", [False, True], ids=["castling-off", "castling-on"])
def test_perft_2_is_the_same_in_the_mirrors(castling):
    positions, _ = walked(castling)
    for sample in positions[: naive_plies(positions)]:
        state = naive.read(sample.fen, castling)
        counts = {
            what: eng.count(eng.position(naive.write(s), castling), 2)
            for what, s in (
                ("as is", state),
                ("colours", naive.mirror_colours(state)),
                ("files", naive.mirror_files(state)),
                ("both", naive.mirror_files(naive.mirror_colours(state))),
            )
        }
        assert len(set(counts.values())) == 1, f"{sample.fen}: {counts}"


def naive_plies(positions) -> int:
    """The first game (its positions run until the start position comes round again)."""
    starts = [i for i, s in enumerate(positions) if s.fen == naive.START]
    return starts[1] if len(starts) > 1 else len(positions)
