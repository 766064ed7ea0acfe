"""The reference engine (the paper's, engine/search/reference.py) has the cube's Raumschach tables:
asked to play another variant it refuses with a ValueError instead of failing inside them."""
import pytest

from engine import Position, variant_by_key
from engine.search.reference import ReferenceEngine


@pytest.mark.parametrize("key", ["fiveup", "hexraumschach"])
def test_another_variant_is_refused(key):
    with pytest.raises(ValueError, match="plays Raumschach only"):
        ReferenceEngine(2).search(Position.start(variant_by_key(key)))


def test_raumschach_is_played():
    pos = Position.start()
    assert ReferenceEngine(1).search(pos).move in pos.legal_moves()
