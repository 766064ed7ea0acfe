"""The native search's per-node shortcuts (the quiescence search testing a capture once for all
its placement variants, an all-node's moves taken from a heap) change no tree: Five Up's,
Hexagonal Raumschach's and Star Trek's bench sets give the node counts, scores and moves pinned
here, which main gave before those shortcuts (6a9bae8; Raumschach's are pinned beside the
threads' test).  A change of the search's behaviour moves these numbers: re-pin them on
purpose, never to make a refactor pass."""
import pytest

from engine import Position
from engine.search import SearchLimits
from engine.search.bench import bench_positions
from engine.search.native import NativeSearcher
from engine.variants import VARIANTS

PINNED = {  # variant: depth, {position: (nodes, score, move)}, NativeSearcher(seed=0)
    "fiveup": (5, {  # depth 5: the start position's all-nodes hold hundreds of moves
        "start": (199786, 48, "Ba1Cc2/w"),
        "easy-12": (20591, -394, "Bd2Bd3"),
        "easy-24": (16425, -722, "Bb1Dc1"),
        "easy-36": (6715, -1505, "Bc1Ac1"),
        "easy-50": (8145, -195, "Bc3Bd4"),
    }),
    "hexraumschach": (4, {
        "start": (12102, 6, "Bb4Bc4"),
        "easy-12": (7217, -53, "Ca3Cb3"),
        "easy-24": (4808, 25, "Da4Be1"),
        "easy-36": (10573, -56, "Dd1De1"),
        "easy-50": (5679, -161, "Ca2De5"),
        "kq-k": (14947, 1260, "Aa4Cd1"),
        "pawns": (1162, 20, "Aa4Bb5"),
    }),
    "startrek": (4, {
        "start": (1399, 10, "Ae4Bb1"),
        "easy-12": (1961, 4, "Ae4Bb1"),
        "easy-24": (3958, 192, "Bd1Ed3"),
        "easy-36": (2892, 130, "Eb4Cc5"),
        "easy-50": (2058, 42, "Ae5Bd1"),
        "easy-70": (5029, 3, "Ad1Ac1"),
    }),
}


@pytest.fixture(autouse=True)
def _native(native):
    return native


@pytest.mark.parametrize("key", sorted(PINNED))
def test_the_bench_set_gives_the_pinned_tree(key):
    depth, pinned = PINNED[key]
    variant = VARIANTS[key]
    found = {}
    for name, fen in bench_positions(variant):
        result = NativeSearcher(seed=0).search(Position.from_fen(fen, variant), SearchLimits(depth=depth))
        found[name] = (result.nodes, result.score, result.move.coord())
    assert found == pinned
