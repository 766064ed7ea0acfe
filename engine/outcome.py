"""How a game ended (python-chess style)."""
from __future__ import annotations

import enum
from typing import NamedTuple


class Termination(str, enum.Enum):
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient_material"
    THREEFOLD_REPETITION = "threefold_repetition"
    FIFTY_MOVES = "fifty_moves"

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
