"""The engine's judgement of one position: its best move at a depth and whether that move is
the only winning one (docs/puzzles.md, "Winning").

Every search here is a fixed-depth search without noise on a fresh table of ``TT_MB`` MiB, from
the position alone (a puzzle's FEN and the line's moves after it, never a game's earlier
history), so mining and ``verify`` see the same numbers on every machine with the same engine.
The second-best score comes from the same search with the best move left out of the root
(UCI's searchmoves), not from a score for every move: two searches a position, not one a move.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import Move, Position
from engine.search import MATE, SearchLimits, Searcher
from engine.search.searcher import MATE_BOUND

WIN_CP = 300  # a winning move scores at least this (three pawns; a minor piece is 350)
SAFE_CP = 100  # ... and every other move at most this (a pawn's edge)
MAX_PLIES = 9  # the longest solution (mate in 5)
# 1 MiB: small (each search allocates and clears its table) and the floor of $RAUMSCHACH_TT_MB,
# so no setting changes a judgement (a table's size can change a search's result).
TT_MB = 1


class PuzzleError(ValueError):
    """A position or line that is not a puzzle; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def searcher(variant):
    """The full engine (no noise) on the native core whatever $RAUMSCHACH_CORE says: shipped
    puzzles are the native search's findings and verified by it.  Without the built core, the
    Python search (which may judge differently: ``verify`` then says where)."""
    from engine.core import native_available, native_supports
    from engine.search.native import NativeSearcher

    if native_available() and native_supports(variant):
        return NativeSearcher(tt_mb=TT_MB)
    return Searcher(tt_bits=16)


@dataclass(frozen=True)
class Judgement:
    """``best``: the search's move and ``score`` (side to move's view, centipawns or a mate
    score); ``second``: the best score of every other move (None: the only legal move)."""
    best: Move
    score: int
    second: int | None
    legal: int

    @property
    def mates(self) -> bool:
        return self.score >= MATE_BOUND

    @property
    def mate_plies(self) -> int:
        return MATE - self.score

    def only_winner(self) -> bool:
        """The best move wins (mate or >= WIN_CP) and every other stays <= SAFE_CP."""
        return self.score >= WIN_CP and (self.second is None or self.second <= SAFE_CP)

    def only_mate(self) -> bool:
        """The best move mates and no other one does (a slower mate included)."""
        return self.mates and (self.second is None or self.second < MATE_BOUND)


def best(pos: Position, depth: int) -> tuple[Move, int]:
    r = searcher(pos.variant).search(pos, SearchLimits(depth=depth))
    return r.move, r.score


def judge(pos: Position, depth: int, *, first: tuple[Move, int] | None = None) -> Judgement:
    """The best move at ``depth`` and the best score without it (``first``: the full search's
    answer when the caller has it already)."""
    legal = pos.legal_moves()
    move, score = first if first is not None else best(pos, depth)
    if len(legal) == 1:
        return Judgement(move, score, None, 1)
    others = [m for m in legal if m != move]
    second = searcher(pos.variant).search(pos, SearchLimits(depth=depth), root_moves=others).score
    return Judgement(move, score, second, len(legal))
