"""Maackesgeist, rebuilt as its paper describes it: the reference opponent for matches.

What the paper (shared/seeds/000_*.txt) specifies, and what this module does:
  * plain fixed-depth alpha-beta (negamax form), default depth 4 - no quiescence, no
    transposition table, no iterative deepening, no null move, no extensions;
  * move ordering: captures first, sorted by the victim's value only (MVV, no LVA);
    quiet moves in generation order;
  * legal moves only (a pseudo-legal move that leaves the king attacked is dropped); no legal
    move = checkmate (if in check) or stalemate;
  * evaluation = material + 3D centrality ``6 - (|l-2| + |r-2| + |f-2|)`` weighted per kind by
    the paper's multipliers (queen and unicorn 100, rook 67, knight 50, bishop 33), the bishop's
    level bonus ``(2 - |l-2|) * 8``, pawn advancement in level and rank (``x 15`` each) and
    ``+25`` for a pawn on the central level.
What the paper leaves open, and the choice made here (documented, so the match is fair):
  * piece values are not printed: we use the issue's historical values Q 12, R 5, U 4,
    B 3.5, N 3.5, P 1 (centipawns 1200/500/400/350/350/100);
  * the multipliers' unit: centrality x multiplier / 10 centipawns (a queen on Cc3 earns 60);
  * the paper's engine clones the board at every node; we make/unmake on the search board,
    which changes the speed, not a single decision;
  * ties keep the first move found (the paper's JavaScript compares with ``>``), and the same
    position always gets the same move - varied openings give a match its variety.
"""
from __future__ import annotations

import time

from engine.board import Board
from engine.moves import CELL_MASK, unpack_move
from engine.pieces import BISHOP, BLACK_BIT, KIND_MASK, KNIGHT, NCODES, PAWN, QUEEN, ROOK, UNICORN
from engine.search.searcher import MATE, SEARCH_PROMOTIONS, SearchResult
from engine.values import centrality

REF_VALUE = (0, 100, 350, 350, 500, 400, 1200, 0)
CENTRALITY_MULT = {QUEEN: 100, UNICORN: 100, ROOK: 67, KNIGHT: 50, BISHOP: 33}
PAWN_STEP_BONUS = 15  # per level and per rank advanced
PAWN_CENTRAL_LEVEL = 25
BISHOP_LEVEL_BONUS = 8


def _table() -> list[list[int]]:
    """REF[code][cell]: White-positive value of a piece, as in the paper's evalBoard."""
    out = [[0] * 125 for _ in range(NCODES)]
    for kind in range(1, 8):
        for cell in range(125):
            lv, rk = cell // 25, cell // 5 % 5
            v = REF_VALUE[kind]
            if kind in CENTRALITY_MULT:
                v += centrality(cell) * CENTRALITY_MULT[kind] // 10
            if kind == BISHOP:
                v += (2 - abs(lv - 2)) * BISHOP_LEVEL_BONUS
            if kind == PAWN:
                v += (lv + rk) * PAWN_STEP_BONUS + (PAWN_CENTRAL_LEVEL if lv == 2 else 0)
            out[kind][cell] = v
            out[kind | BLACK_BIT][124 - cell] = -v  # Black: the point reflection
    return out


REF = _table()


class ReferenceEngine:
    """``ReferenceEngine(depth=4).search(pos)`` -> SearchResult, like ``Searcher.search``."""

    def __init__(self, depth: int = 4) -> None:
        if depth < 1:
            raise ValueError("the reference engine searches at least one ply")
        self.depth = depth
        self.nodes = 0

    def evaluate(self, b: Board) -> int:
        sq = b.sq
        score = 0
        for c in b.occupied[0]:
            score += REF[sq[c]][c]
        for c in b.occupied[1]:
            score += REF[sq[c]][c]
        return score if b.side == 0 else -score

    def _ordered(self, b: Board) -> list[int]:
        caps, quiets = b.generate(False, SEARCH_PROMOTIONS)
        sq = b.sq
        # Stable sort on the victim's value alone: equal victims keep generation order.
        caps.sort(key=lambda m: -REF_VALUE[sq[m & CELL_MASK] & KIND_MASK])
        return caps + quiets

    def _alphabeta(self, b: Board, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        if depth == 0:
            return self.evaluate(b)
        in_check = b.in_check()
        legal = 0
        for m in self._ordered(b):
            if not b.make_legal(m, in_check):
                b.unmake()
                continue
            legal += 1
            score = -self._alphabeta(b, depth - 1, -beta, -alpha, ply + 1)
            b.unmake()
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
        if legal == 0:
            return -MATE + ply if in_check else 0
        return alpha

    def search(self, pos, limits=None, info=None) -> SearchResult:
        """Best move of ``pos`` (left untouched) at the fixed depth; ``limits`` is ignored.
        The paper's engine plays Raumschach only (its tables are the cube's): ValueError for
        another variant, rather than an IndexError deep in its tables."""
        if pos.variant.key != "raumschach":
            raise ValueError(f"the reference engine plays Raumschach only, not {pos.variant.name}")
        start = time.perf_counter()
        self.nodes = 0
        b = pos.board_copy()
        in_check = b.in_check()
        best_move, best = 0, -MATE - 1
        alpha, beta = -MATE - 1, MATE + 1
        for m in self._ordered(b):
            if not b.make_legal(m, in_check):
                b.unmake()
                continue
            score = -self._alphabeta(b, self.depth - 1, -beta, -alpha, 1)
            b.unmake()
            if score > best:
                best, best_move = score, m
                if score > alpha:
                    alpha = score
        if best_move == 0 and best == -MATE - 1:
            return SearchResult(None, -MATE if in_check else 0, 0, self.nodes, [], time.perf_counter() - start)
        move = unpack_move(best_move)
        return SearchResult(move, best, self.depth, self.nodes, [move], time.perf_counter() - start)
