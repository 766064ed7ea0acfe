"""How a game ended (python-chess style): the one list of termination reasons.

The first five and ``BARE_KING`` are decided by the rules (``Position.outcome``); resign,
timeout, agreement and abort by the players or the clock, which the site records
(games.models stores these strings).
"""
from __future__ import annotations

import enum
from typing import Callable, NamedTuple, Sequence


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
    # A side is left with its king alone and loses (Star Trek: docs/rules/startrek.md section 6).
    BARE_KING = "bare_king"

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


def decide(pos, legal: Sequence[int], repeated: Callable[[], bool], claim_draw: bool = True) -> Outcome | None:
    """How the game has ended in ``pos`` (an engine Position) whose legal moves are ``legal``,
    or None: mate and stalemate, insufficient material, then (with ``claim_draw``, the
    project's ruling) the repetition - ``repeated()``, counted by the caller in the history it
    has - and the fifty-move rule.  The one place that writes the outcome (Position.outcome
    and engine.step.play_step both call it)."""
    winner = pos.variant.bare_royal_winner(pos)
    if winner is not None:  # decided by the move that left a bare king, before mate or stalemate
        return Outcome(Termination.BARE_KING, winner == 0)
    if not legal:
        if pos.in_check():
            return Outcome(Termination.CHECKMATE, pos.side == 1)
        return Outcome(Termination.STALEMATE, None)
    if pos.is_insufficient_material():
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    if claim_draw:
        if repeated():
            return Outcome(Termination.THREEFOLD_REPETITION, None)
        if pos.is_fifty_moves():
            return Outcome(Termination.FIFTY_MOVES, None)
    return None
