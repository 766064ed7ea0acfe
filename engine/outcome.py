"""How a game ended (python-chess style): the one list of termination reasons.

The first five are decided by the rules (``Position.outcome``); the last four by the players
or the clock, which the site records (games.models stores these strings).
"""
from __future__ import annotations

import enum
from typing import NamedTuple


class Termination(str, enum.Enum):
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient_material"
    THREEFOLD_REPETITION = "threefold_repetition"
    FIFTY_MOVES = "fifty_moves"
    RESIGN = "resign"
    TIMEOUT = "timeout"
    AGREEMENT = "agreement"
    ABORT = "abort"

    def __str__(self) -> str:
        return self.value


class Outcome(NamedTuple):
    termination: Termination
    winner: bool | None  # engine.WHITE / engine.BLACK, or None for a draw

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner else "0-1"
