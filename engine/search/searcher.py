"""Negamax alpha-beta: PVS, iterative deepening with aspiration windows, TT, quiescence.

Features (issue 3), in the order a node meets them:
  * repetition / fifty-move draws and mate-distance pruning;
  * transposition table probe (two-entry buckets, tt.py) - cut-offs at non-PV nodes only,
    so the principal variation is never truncated by an old bound;
  * quiescence at depth 0: stand pat, captures and promotions in MVV-LVA order, with delta
    pruning and a cheap exchange test (a capture of a cheaper piece that is defended is
    skipped); a check met in the first quiescence plies is answered by every evasion (no
    stand pat), so a mate just behind the horizon is scored as a mate;
  * null-move pruning (R = 2, 3 from depth 7), never when in check, at PV nodes, or when the
    side to move has only king and pawns (zugzwang);
  * move ordering: hash move, captures by MVV-LVA (captures of a cheaper, defended piece go
    after the killers), two killers per ply, history heuristic;
  * check extension: a move that gives check is searched one ply deeper;
  * late-move reductions for quiet moves ordered after the killers (re-searched at full
    depth when they unexpectedly beat alpha);
  * selective search at non-PV nodes out of check (issue 42): reverse futility pruning
    (depth <= 4), razoring (depth <= 2), futility pruning and late-move pruning of quiet moves
    that give no check (depth <= 2 and <= 3);
  * mate scores ``MATE - ply``, so the shortest mate scores highest;
  * limits: depth, hard time limit, node limit; every one is checked inside the tree, and the
    best move of the last completed iteration (or a better one already proven in the
    interrupted iteration) is returned.
Determinism: nothing depends on time or on hash randomisation except where a time limit stops
the search, so a depth- or node-limited search with the same seed always returns the same move.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from engine.board import Board
from engine.moves import CELL_MASK, FROM_SHIFT, MOVE_BITS, MOVE_MASK, PLACE_KIND_SHIFT, PROMOTION_SHIFT, pack_move, unpack_move
from engine.pieces import KIND_MASK, KNIGHT, NCODES, PAWN, QUEEN
from engine.search.evaluate import Evaluator, fast_evaluate
from engine.search.tt import EXACT, LOWER, UPPER, TranspositionTable

MATE = 30000  # score of "mated now"; a mate in n plies scores MATE - n
MATE_BOUND = MATE - 1000  # scores beyond this are mates
INF = MATE + 1
MAX_PLY = 64  # hard ceiling on search ply (extensions included)
ASPIRATION = 40  # initial half-width of the aspiration window, centipawns
DELTA_MARGIN = 200  # quiescence: skip a capture that cannot lift the score to alpha even +2 pawns
LAZY_MARGIN = 300  # eval terms beyond material+PST rarely exceed this; skip them if far off
LMR_MIN_DEPTH = 3  # late-move reductions from this remaining depth
LMR_MIN_MOVES = 4  # ... for moves after the first four (hash move, captures, killers first)
LMR_LATE_MOVES = 12  # ... and by two plies after twelve moves at depth >= 6
QS_EVASION_PLIES = 4  # quiescence answers a check with every evasion only this near the horizon
CHECK_EVERY = 128  # nodes between clock readings (~5 ms of search at most)
MIN_DEPTH_CAP = 4  # see SearchLimits.min_depth
# Selective search (issue 42), at non-PV nodes out of check (the native core's the same):
RFP_DEPTH, RFP_MARGIN = 4, 120  # reverse futility: eval - margin * depth >= beta returns the eval
RAZOR_DEPTH, RAZOR_MARGIN = 2, 350  # razoring: eval + margin * depth <= alpha asks the quiescence search
FUTILITY_DEPTH, FUTILITY_MARGIN = 2, 150  # futility: quiet moves cannot lift eval + margin * depth to alpha
LMP_DEPTH, LMP_BASE, LMP_SCALE = 3, 4, 3  # late-move pruning: quiet moves beyond base + depth^2 * scale

# Inside the tree a pawn promotes only to the variant's ``search_promotion_kinds`` (Raumschach:
# a queen or a knight - the queen moves as rook, bishop and unicorn together, so the other
# promotions only matter for stalemate tricks); the root move list comes from the legal
# generator and does contain them all.  Move ordering and pruning margins use the variant's
# ``value`` table.  SEARCH_PROMOTIONS: Raumschach's, for the callers that name it.
SEARCH_PROMOTIONS = (QUEEN << PROMOTION_SHIFT, KNIGHT << PROMOTION_SHIFT)

# Ordering scores (higher first); the move sits in the low MOVE_BITS bits of the sort key.
SCORE_HASH = 1 << 26
SCORE_GOOD_CAPTURE = 1 << 24
SCORE_KILLER1 = (1 << 23) + 1
SCORE_KILLER2 = 1 << 23
SCORE_BAD_CAPTURE = 1 << 22
HISTORY_MAX = (1 << 21) - 1  # history scores stay below the bad captures
SCORE_SIDE_CAPTURE = 1 << 21  # a capture's other placement variants: after the bad captures


class SearchTimeout(Exception):
    """Raised inside the tree when a limit is hit; caught at the root."""


@dataclass
class SearchLimits:
    depth: int | None = None  # plies; None = until another limit stops the search
    movetime: float | None = None  # seconds, hard limit
    nodes: int | None = None  # node limit
    # With a movetime: always complete this depth first (a level must never play shallower
    # than the level below it on a busy machine); the clock then binds only as a safety cap
    # of MIN_DEPTH_CAP x movetime until that depth is done.
    min_depth: int = 0
    # Measure movetime on the searching thread's CPU time instead of the wall clock: a match
    # on a shared machine then gives each player the same computation whatever the load
    # (``python -m engine match --cpu-clock``).  Bots' real play keeps the wall clock.
    cpu_clock: bool = False


def restricted_root(pos, root_moves: Sequence | None) -> set[int] | None:
    """The packed moves of a restricted root (None: every legal move); ValueError for an empty
    list or a move not legal in ``pos`` (both searchers' check, before any search)."""
    if root_moves is None:
        return None
    wanted = {pack_move(m) for m in root_moves}
    if not wanted:
        raise ValueError("root_moves is empty")
    legal = set(pos.generate_legal())
    for m in wanted:
        if m not in legal:
            raise ValueError(f"root move {unpack_move(m)} is not legal in this position")
    return wanted


def check_limits(limits: SearchLimits) -> None:
    """ValueError for limits no search can honour (both cores' searchers call this)."""
    if limits.depth is not None and not 1 <= limits.depth <= MAX_PLY - 4:
        raise ValueError(f"search depth must be 1..{MAX_PLY - 4}, not {limits.depth}")
    if limits.movetime is not None and not 0 < limits.movetime < 1e7:
        raise ValueError(f"movetime must be a positive number of seconds, not {limits.movetime}")
    if limits.nodes is not None and limits.nodes <= 0:
        raise ValueError(f"node limit must be positive, not {limits.nodes}")
    if limits.min_depth < 0:
        raise ValueError(f"min_depth must be >= 0, not {limits.min_depth}")


@dataclass
class SearchInfo:
    depth: int
    score: int
    nodes: int
    time: float
    pv: list

    @property
    def nps(self) -> int:
        return int(self.nodes / self.time) if self.time > 0 else 0


@dataclass
class SearchResult:
    move: object  # engine.Move, or None when the side to move has no legal move
    score: int  # centipawns from the side to move's view; +-(MATE - n) for mates
    depth: int  # last completed depth
    nodes: int
    pv: list = field(default_factory=list)  # list[engine.Move]
    time: float = 0.0
    infos: list = field(default_factory=list)  # SearchInfo per completed depth
    # The native core: each search thread's nodes, the main thread's first (their sum is
    # ``nodes``); empty from the Python core, which searches on one thread.
    thread_nodes: list = field(default_factory=list)

    @property
    def nps(self) -> int:
        return int(self.nodes / self.time) if self.time > 0 else 0

    @property
    def mate_in(self) -> int | None:
        """Moves to mate (+ we mate, - we are mated), or None."""
        if abs(self.score) < MATE_BOUND:
            return None
        plies = MATE - abs(self.score)
        return (plies + 1) // 2 if self.score > 0 else -((plies + 1) // 2)


def format_score(score: int) -> str:
    if abs(score) >= MATE_BOUND:
        plies = MATE - abs(score)
        return f"mate {(plies + 1) // 2 if score > 0 else -((plies + 1) // 2)}"
    return f"cp {score}"


class Searcher:
    """One engine instance; reusable across moves (the TT persists between searches)."""

    def __init__(self, *, tt_bits: int = 16, seed: int | None = None, noise: int = 0) -> None:
        self.tt = TranspositionTable(tt_bits)
        self.evaluator = Evaluator()
        self.noise = noise  # evaluation noise amplitude in centipawns (levels below Hard)
        self.noise_key = random.Random(seed).getrandbits(64) if seed is not None else 0
        self.eval_cache: dict[int, int] = {}
        self.board: Board | None = None
        self.clock = time.perf_counter  # the search's clock (SearchLimits.cpu_clock: thread CPU time)

    # --- evaluation -------------------------------------------------------------------------
    EVAL_CACHE_MAX = 1 << 17  # entries; the dict is cleared when it reaches this size

    def _evaluate(self, b: Board) -> int:
        key = b.hash
        cache = self.eval_cache
        score = cache.get(key)
        if score is None:
            score = self.evaluator.evaluate(b)
            if self.noise:
                # Noise keyed by position and seed: the same position always gets the same
                # offset within a search, so the TT stays consistent and games reproducible.
                n = self.noise
                score += ((key ^ self.noise_key) * 0x9E3779B97F4A7C15 >> 40) % (2 * n + 1) - n
            if len(cache) >= self.EVAL_CACHE_MAX:
                cache.clear()
            cache[key] = score
        return score

    # --- driver -----------------------------------------------------------------------------
    def search(self, pos, limits: SearchLimits, info: Callable[[SearchInfo], None] | None = None,
               root_moves: Sequence | None = None) -> SearchResult:
        """Search ``pos`` (an engine.Position, left untouched) within ``limits``; ``root_moves``
        (UCI's searchmoves: Moves, each legal here) restricts the root to them and completes every
        depth even when one is given (its score; engine/puzzles asks for the best other move)."""
        check_limits(limits)
        wanted = restricted_root(pos, root_moves)
        self.clock = clock = time.thread_time if limits.cpu_clock else time.perf_counter
        start = clock()
        self.start_time = start
        deadline = start + limits.movetime if limits.movetime is not None else None
        min_depth = limits.min_depth if deadline is not None else 0
        self.deadline = start + MIN_DEPTH_CAP * limits.movetime if min_depth > 0 else deadline
        self.node_limit = limits.nodes
        self.nodes = 0
        self.next_check = CHECK_EVERY if limits.nodes is None else min(CHECK_EVERY, limits.nodes)
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        self.history = [0] * (NCODES * pos.variant.geometry.ncells)
        self.ncells = pos.variant.geometry.ncells
        self.value = pos.variant.value
        self.promotions = pos.variant.search_promotion_bits
        self.reserve_kinds = pos.variant.reserve_kinds
        self.tt.new_search()
        self.board = b = pos.board_copy()
        self.pv_table = [[] for _ in range(MAX_PLY + 2)]
        max_depth = limits.depth if limits.depth is not None else MAX_PLY - 4

        root_moves = pos.generate_moves()
        if not root_moves:
            score = -MATE if pos.is_check() else 0
            return SearchResult(None, score, 0, 0, [], self.clock() - start)
        if wanted is not None:
            root_moves = [m for m in root_moves if m in wanted]
        root_moves = self._order_root(b, root_moves)
        best_move, best_score, completed, pv = root_moves[0], 0, 0, [root_moves[0]]
        infos: list[SearchInfo] = []
        in_check = b.in_check()
        for depth in range(1, max_depth + 1):
            try:
                score, root_moves = self._root(depth, root_moves, best_score, in_check)
            except SearchTimeout:
                # A move proven better than the old best in the unfinished iteration is kept.
                if self.iter_best is not None and self.iter_best != best_move:
                    best_move = self.iter_best
                    pv = [best_move]
                break
            best_move, best_score, completed = root_moves[0], score, depth
            pv = self._pv_from(best_move)
            elapsed = self.clock() - start
            record = SearchInfo(depth, score, self.nodes, elapsed, [unpack_move(m) for m in pv])
            infos.append(record)
            if info is not None:
                info(record)
            if abs(score) >= MATE_BOUND and MATE - abs(score) <= depth:
                break  # a forced mate shorter than the depth searched cannot get shorter
            if depth >= min_depth:
                self.deadline = deadline
                if deadline is not None and elapsed > 0.45 * (deadline - start):
                    break  # the next iteration would most likely not finish in time
                if deadline is not None and self.clock() >= deadline:
                    break
            if len(root_moves) == 1 and depth >= 2 and wanted is None:
                break  # forced move
        return SearchResult(unpack_move(best_move), best_score, completed, self.nodes, [unpack_move(m) for m in pv],
                            self.clock() - start, infos)

    def _order_root(self, b: Board, moves: list[int]) -> list[int]:
        sq = b.sq
        VALUE = self.value
        keyed = []
        for m in moves:
            victim = sq[m & CELL_MASK] & KIND_MASK
            promo = m >> PROMOTION_SHIFT & KIND_MASK
            s = VALUE[victim] * 16 - (sq[m >> FROM_SHIFT & CELL_MASK] & KIND_MASK) + (VALUE[promo] * 16 if promo else 0)
            keyed.append((-s, m))
        keyed.sort()
        return [m for _, m in keyed]

    def _pv_from(self, first: int) -> list[int]:
        pv = self.pv_table[0]
        return pv[:] if pv and pv[0] == first else [first]

    def _check_limits(self) -> None:
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchTimeout
        if self.deadline is not None and self.clock() >= self.deadline:
            raise SearchTimeout
        nxt = self.nodes + CHECK_EVERY
        if self.node_limit is not None and nxt > self.node_limit:
            nxt = self.node_limit
        self.next_check = nxt

    def _root(self, depth: int, moves: list[int], prev: int, in_check: bool) -> tuple[int, list[int]]:
        """One iteration with an aspiration window around the previous score."""
        if depth >= 3 and abs(prev) < MATE_BOUND:
            delta = ASPIRATION
            alpha, beta = prev - delta, prev + delta
        else:
            delta = 0
            alpha, beta = -INF, INF
        while True:
            score, moves = self._root_window(depth, moves, alpha, beta, in_check)
            if alpha < score < beta or delta == 0:
                return score, moves
            delta *= 3
            if delta > 1000:
                alpha, beta = -INF, INF
            elif score <= alpha:
                alpha = score - delta
            else:
                beta = score + delta

    def _root_window(self, depth: int, moves: list[int], alpha: int, beta: int, in_check: bool) -> tuple[int, list[int]]:
        b = self.board
        self.iter_best = None
        best = -INF
        best_index = 0
        for i, m in enumerate(moves):
            b.make(m)  # root moves come from the legal generator
            gives_check = b.in_check()
            new_depth = depth - 1 + (1 if gives_check else 0)
            try:
                if i == 0:
                    score = -self._negamax(new_depth, -beta, -alpha, 1, gives_check, True)
                else:
                    score = -self._negamax(new_depth, -alpha - 1, -alpha, 1, gives_check, True)
                    if alpha < score < beta:
                        score = -self._negamax(new_depth, -beta, -alpha, 1, gives_check, True)
            finally:
                b.unmake()
            if score > best:
                best = score
                best_index = i
                if score > alpha:
                    alpha = score
                    self.pv_table[0] = [m] + self.pv_table[1]
                    if score < beta:
                        self.iter_best = m
                    else:
                        break  # fail high: the caller widens the window
        if best > -INF:
            moves = [moves[best_index]] + moves[:best_index] + moves[best_index + 1:]
            self.tt.store(b.hash, depth, EXACT if best < beta else LOWER, best, moves[0])
        return best, moves

    # --- the tree ---------------------------------------------------------------------------
    def _negamax(self, depth: int, alpha: int, beta: int, ply: int, in_check: bool, can_null: bool) -> int:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check_limits()
        b = self.board
        pv_table = self.pv_table
        pv_table[ply] = []
        if b.hmc >= 100 or b.seen_before():
            return 0
        # Mate-distance pruning: no line from here can beat a mate already found nearer the root.
        if alpha < -MATE + ply:
            alpha = -MATE + ply
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
        if alpha >= beta:
            return alpha
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(alpha, beta, ply, in_check, 0)

        is_pv = beta - alpha > 1
        key = b.hash
        tt = self.tt
        entry = tt.probe(key)
        hash_move = 0
        if entry is not None:
            hash_move = entry[4]
            if entry[1] >= depth and not is_pv:
                score = entry[3]
                if score >= MATE_BOUND:
                    score -= ply
                elif score <= -MATE_BOUND:
                    score += ply
                flag = entry[2]
                if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                    return score

        side = b.side
        # The full eval: a lazy one (as the quiescence search's stand-pat) missed king attacks.
        static_eval = self._evaluate(b) if not is_pv and not in_check else 0
        if not is_pv and not in_check and abs(beta) < MATE_BOUND:
            if depth <= RFP_DEPTH and static_eval - RFP_MARGIN * depth >= beta:
                return static_eval
            if depth <= RAZOR_DEPTH and static_eval + RAZOR_MARGIN * depth <= alpha:
                score = self._quiesce(alpha, alpha + 1, ply, False, 0)
                if score <= alpha:
                    return score
        if can_null and not is_pv and not in_check and depth >= 3 and beta < MATE_BOUND \
                and b.has_non_pawn_material(side) and static_eval >= beta:
            r = 3 if depth >= 7 else 2
            b.make_null()
            try:
                score = -self._negamax(depth - 1 - r, -beta, -beta + 1, ply + 1, False, False)
            finally:
                b.unmake_null()
            if score >= beta:
                return beta  # never a mate score from a null-move search

        sq = b.sq
        VALUE = self.value
        ncells = self.ncells
        caps, quiets = b.generate(False, self.promotions)
        killers = self.killers[ply]
        k1, k2 = killers
        history = self.history
        keyed = []
        add = keyed.append
        enemy = side ^ 1
        lead = self._lead_placement(b) if self.reserve_kinds else 0
        unmoved = b.unmoved
        for m in caps:
            if m == hash_move:
                add(SCORE_HASH << MOVE_BITS | m)
                continue
            victim = VALUE[sq[m & CELL_MASK] & KIND_MASK]
            attacker = sq[m >> FROM_SHIFT & CELL_MASK] & KIND_MASK
            promo = m >> PROMOTION_SHIFT & KIND_MASK
            s = victim * 16 - attacker + (VALUE[promo] * 16 if promo else 0)
            if lead and m >> PLACE_KIND_SHIFT & KIND_MASK != lead and m >> FROM_SHIFT & CELL_MASK in unmoved:
                add((SCORE_SIDE_CAPTURE + s) << MOVE_BITS | m)  # see _lead_placement
            elif not promo and victim < VALUE[attacker] and b.attacked(m & CELL_MASK, enemy):
                add((SCORE_BAD_CAPTURE + s) << MOVE_BITS | m)
            else:
                add((SCORE_GOOD_CAPTURE + s) << MOVE_BITS | m)
        for m in quiets:
            if m == hash_move:
                add(SCORE_HASH << MOVE_BITS | m)
            elif m == k1:
                add(SCORE_KILLER1 << MOVE_BITS | m)
            elif m == k2:
                add(SCORE_KILLER2 << MOVE_BITS | m)
            else:
                h = history[sq[m >> FROM_SHIFT & CELL_MASK] * ncells + (m & CELL_MASK)]
                if lead and m >> PLACE_KIND_SHIFT & KIND_MASK != lead and m >> FROM_SHIFT & CELL_MASK in unmoved \
                        and not sq[m & CELL_MASK]:  # (castling, onto an own rook, has no variants)
                    h -= HISTORY_MAX + 1  # after every other quiet move: see _lead_placement
                add(h << MOVE_BITS | m)
        keyed.sort(reverse=True)

        best = -INF
        best_move = 0
        orig_alpha = alpha
        legal = 0
        # Futility pruning: quiet moves (not the hash move or a killer, no capture or promotion)
        # that give no check, once one move has been searched and none is mated; late-move
        # pruning: the quiet moves after the first lmp_limit legal ones.
        prune = not is_pv and not in_check and abs(alpha) < MATE_BOUND
        futile = prune and depth <= FUTILITY_DEPTH and static_eval + FUTILITY_MARGIN * depth <= alpha
        lmp_limit = LMP_BASE + depth * depth * LMP_SCALE if prune and depth <= LMP_DEPTH else 1 << 30
        quiet_below = SCORE_KILLER2 << MOVE_BITS
        for k in keyed:
            m = k & MOVE_MASK
            quiet = k < quiet_below and not sq[m & CELL_MASK] and not m >> PROMOTION_SHIFT & KIND_MASK
            # (A quiet move is made to see whether it checks: breaking off the late quiet moves
            # unmade, checks included, cost Hard mates in two at depth 4.)
            if not b.make_legal(m, in_check):
                b.unmake()
                continue
            legal += 1
            gives_check = b.in_check()
            if quiet and not gives_check and legal > 1 and best > -MATE_BOUND and (futile or legal > lmp_limit):
                b.unmake()
                continue
            new_depth = depth - 1 + (1 if gives_check else 0)
            try:
                if legal == 1:
                    score = -self._negamax(new_depth, -beta, -alpha, ply + 1, gives_check, True)
                else:
                    # Late-move reduction: a late quiet move that neither gives nor escapes
                    # check is first searched a ply (two when very late) shallower.
                    r = 0
                    if depth >= LMR_MIN_DEPTH and legal > LMR_MIN_MOVES and not in_check and not gives_check \
                            and k < SCORE_BAD_CAPTURE << MOVE_BITS:
                        r = 2 if legal > LMR_LATE_MOVES and depth >= 6 else 1
                    score = -self._negamax(new_depth - r, -alpha - 1, -alpha, ply + 1, gives_check, True)
                    if r and score > alpha:
                        score = -self._negamax(new_depth, -alpha - 1, -alpha, ply + 1, gives_check, True)
                    if alpha < score < beta:
                        score = -self._negamax(new_depth, -beta, -alpha, ply + 1, gives_check, True)
            finally:
                b.unmake()
            if score > best:
                best = score
                best_move = m
                if score > alpha:
                    alpha = score
                    if is_pv:
                        pv_table[ply] = [m] + pv_table[ply + 1]
                    if score >= beta:
                        if not sq[m & CELL_MASK] and not m >> PROMOTION_SHIFT & KIND_MASK:  # quiet: remember it
                            if k1 != m:
                                killers[1] = k1
                                killers[0] = m
                            hi = sq[m >> FROM_SHIFT & CELL_MASK] * ncells + (m & CELL_MASK)
                            v = history[hi] + depth * depth
                            if v > HISTORY_MAX:
                                for i in range(len(history)):
                                    history[i] >>= 1
                                v >>= 1
                            history[hi] = v
                        break
        if legal == 0:
            return -MATE + ply if in_check else 0
        if best >= beta:
            flag = LOWER
        elif best > orig_alpha:
            flag = EXACT
        else:
            flag = UPPER
        stored = best
        if stored >= MATE_BOUND:
            stored += ply
        elif stored <= -MATE_BOUND:
            stored -= ply
        tt.store(key, depth, flag, stored, best_move)
        return best

    def _lead_placement(self, b) -> int:
        """The kind a first move is tried with before its other placement variants (0: none in
        hand).  A piece's first move comes as "no placement" and once per kind in hand; the
        evaluation does not count a piece in hand, so placing the most valuable kind is nearly
        always the best variant.  It is ordered as the move itself, the others after every
        lead variant (quiet ones after all quiet moves, captures after the bad captures):
        -39 % nodes at depth 5 on the Five Up bench set (engine/search/README.md)."""
        in_hand = b.reserves[b.side]
        lead = 0
        for kind in self.reserve_kinds:
            if in_hand >> kind & 1 and (not lead or self.value[kind] > self.value[lead]):
                lead = kind
        return lead

    def _quiesce(self, alpha: int, beta: int, ply: int, in_check: bool, qply: int) -> int:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check_limits()
        b = self.board
        if in_check and qply < QS_EVASION_PLIES:
            return self._evasions(alpha, beta, ply, qply)
        fast = fast_evaluate(b)
        if fast - LAZY_MARGIN >= beta or fast + LAZY_MARGIN <= alpha:
            stand = fast  # far outside the window: the other terms would not bring it back
        else:
            stand = self._evaluate(b)
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        if ply >= MAX_PLY:
            return stand
        sq = b.sq
        VALUE = self.value
        enemy = b.side ^ 1
        keyed = []
        for m in b.generate(True, self.promotions)[0]:
            victim = VALUE[sq[m & CELL_MASK] & KIND_MASK]
            promo = m >> PROMOTION_SHIFT & KIND_MASK
            if promo:
                gain = victim + VALUE[promo] - VALUE[PAWN]
            else:
                gain = victim
            if stand + gain + DELTA_MARGIN <= alpha:
                continue  # delta pruning: even winning this piece cannot reach alpha
            attacker = sq[m >> FROM_SHIFT & CELL_MASK] & KIND_MASK
            if not promo and VALUE[attacker] > victim and b.attacked(m & CELL_MASK, enemy):
                continue  # a cheaper, defended victim: loses material by exchange (SEE < 0)
            keyed.append((gain * 16 - attacker) << MOVE_BITS | m)
        keyed.sort(reverse=True)
        best = stand
        for k in keyed:
            m = k & MOVE_MASK
            if not b.make_legal(m, in_check):
                b.unmake()
                continue
            try:
                score = -self._quiesce(-beta, -alpha, ply + 1, b.in_check(), qply + 1)
            finally:
                b.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    def _evasions(self, alpha: int, beta: int, ply: int, qply: int) -> int:
        """Quiescence node in check: no stand pat, every legal move is tried."""
        b = self.board
        if ply >= MAX_PLY:
            return self._evaluate(b)
        caps, quiets = b.generate(False, self.promotions)
        best = -INF
        legal = 0
        for m in caps + quiets:
            if not b.make_legal(m, True):
                b.unmake()
                continue
            legal += 1
            try:
                score = -self._quiesce(-beta, -alpha, ply + 1, b.in_check(), qply + 1)
            finally:
                b.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        if legal == 0:
            return -MATE + ply
        return best
