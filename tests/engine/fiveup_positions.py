"""Seeded random Five Up games on the Python board, biased toward the moves that are rare in
uniform play (en passant, promotions, castling, placements, double steps), for the tests that
hold the two cores against each other: ``biased_random_positions.py`` on Five Up.  ``played``
counts what the games did, so a test can check that the rare moves were really exercised."""
from __future__ import annotations

from collections import Counter

from engine import variant_by_key

from .biased_random_positions import biased_positions


def fiveup_positions(count: int, seed: int, castling: bool = False, plies: int = 150) -> tuple[list, Counter]:
    """``count`` positions (copies) along seeded biased random games, and the features played."""
    return biased_positions(variant_by_key("fiveup").with_options(castling=castling), count, seed, plies)
