"""The engine's own search, with no tables loaded, finds exactly the tables' mates where they
are short enough to search to the end: a position the tables call a win (or loss) in d plies
is scored mate in d at depth d + 4 (past a forced move, which the search answers without
searching; d + 4: the mating side's last move must lie beyond the selective search's horizon -
reverse futility answers a node with at most 4 plies left by its static evaluation, so at
d + 2 a quiet first move's mate went unseen); at depth 5 one they call a draw gets no mate score, and one they call a longer
mate no shorter one (check extensions may find a longer mate). The search and the tables
share no code (engine/native/search.c on the core's move generator; tb.c generates its own
moves from the variant's tables)."""
from __future__ import annotations

import random

import pytest

from engine import tablebase
from engine.position import Position
from engine.search.native import NativeSearcher
from engine.search.searcher import MATE, SearchLimits
from tests.engine.tablebase.helpers import fen_of, random_legal

SHORT = 5  # plies: searched to the end
PER_TABLE = {"KQvK": 40, "KQvKR": 30}


def sample(name: str, rng: random.Random) -> tuple[list, list]:
    """(short mates, others) of the ending, probed with the tables loaded."""
    short, other = [], []
    tries = 0
    while (len(short) < PER_TABLE[name] or len(other) < PER_TABLE[name] // 2) and tries < 20000:
        tries += 1
        fen = fen_of(*random_legal(name, rng))
        got = tablebase.probe(Position.from_fen(fen))
        if got.result != "draw" and 0 < got.plies <= SHORT:
            if len(short) < PER_TABLE[name]:
                short.append((fen, got))
        elif len(other) < PER_TABLE[name] // 2:
            other.append((fen, got))
    return short, other


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PER_TABLE))
def test_short_table_mates_agree_with_a_plain_search(loaded, name):
    short, other = sample(name, random.Random(f"plain-{name}"))
    assert len(short) == PER_TABLE[name], "too few short mates found to test"
    tablebase.unload()
    try:
        searcher = NativeSearcher(tt_mb=8)
        for fen, got in short:
            pos, result_, plies = Position.from_fen(fen), got.result, got.plies
            while len(pos.legal_moves()) == 1:  # the search answers a forced move at once: look past it
                pos.push(pos.legal_moves()[0])
                result_, plies = {"win": "loss", "loss": "win"}[result_], plies - 1
            result = searcher.search(pos, SearchLimits(depth=plies + 4))
            want = MATE - plies if result_ == "win" else -(MATE - plies)
            assert result.score == want, (fen, got, result.score)
        for fen, got in other:
            result = searcher.search(Position.from_fen(fen), SearchLimits(depth=SHORT))
            if got.result == "draw":
                assert abs(result.score) < MATE - 1000, (fen, got, result.score)
            elif abs(result.score) >= MATE - 1000:
                assert MATE - abs(result.score) >= got.plies, (fen, got, result.score)
                assert (result.score > 0) == (got.result == "win"), (fen, got, result.score)
    finally:
        tablebase.load(loaded["dir"], force=True)
