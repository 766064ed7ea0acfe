"""With the tables loaded, the bot (level Hard, the native search) mates from a won 3-piece
position in no more plies than the table's distance, against the defence the table says holds
out longest.  Positions: every position of the longest distance of each 3-piece ending with
wins (every orbit of the cube's symmetries: White's king on the cells with level <= rank <=
file <= 2), plus a random sample of the other wins."""
from __future__ import annotations

import random

import pytest

from engine import tablebase
from engine.core import native_handle, native_module
from engine.errors import PositionError
from engine.fen import write_fen
from engine.position import Position
from engine.search.levels import choose_move
from engine.variants import variant_by_key
from tests.engine.tablebase.helpers import KIND_OF, three_piece_boards

HARD = 3
SAMPLE = 300


def won_positions(name: str) -> dict[int, list[str]]:
    """Plies -> the ending's won positions with White to move (White's king on the domain cells)."""
    native = native_module()
    handle = native_handle(variant_by_key("raumschach"))
    extra = KIND_OF[name[1].lower()]
    found: dict[int, list[str]] = {}
    for _, _, _, board in three_piece_boards(extra):
        try:
            got = native.tb_probe(handle, board, 0)
        except PositionError:  # Black in check with White to move
            continue
        if got[0] == tablebase.WIN:
            found.setdefault(got[1], []).append(write_fen(board, False, 0, 1))
    return found


def play_out(fen: str, plies: int, seed: int) -> int:
    """Plies until the bot (White) mates against the table's best defence; fails past ``plies``."""
    pos = Position.from_fen(fen)
    rng = random.Random(seed)
    for ply in range(1, plies + 1):
        if pos.side == 0:
            pos.push(choose_move(pos, HARD, seed=seed, core="native").move)
        else:
            pos.push(rng.choice(tablebase.best_moves(pos)))
        if pos.is_checkmate():
            return ply
        assert pos.legal_moves(), f"stalemate after {pos.move_stack} from {fen}"
    raise AssertionError(f"no mate within {plies} plies from {fen}: {[pos.coord(m) for m in pos.move_stack]}")


@pytest.mark.slow
def test_the_bot_mates_from_every_won_three_piece_position_within_the_tables_distance(loaded):
    won_endings = [n for n, e in loaded["stats"].items() if e["pieces"] == 3 and e["wins"][0]]
    assert won_endings == ["KQvK"], "the 3-piece endings with wins changed: review this test's cost"
    rng = random.Random(42)
    for name in won_endings:
        found = won_positions(name)
        longest = max(found)
        assert longest == loaded["stats"][name]["longest"][0]
        others = [fen for plies, fens in found.items() if plies < longest for fen in fens]
        cases = [(fen, longest) for fen in found[longest]]
        cases += [(fen, tablebase.probe(Position.from_fen(fen)).plies) for fen in rng.sample(others, SAMPLE)]
        for i, (fen, plies) in enumerate(cases):
            assert play_out(fen, plies, seed=i) <= plies
