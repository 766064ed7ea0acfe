"""The engine pass of an analysis: every position of a game searched to the same budget on the
core that plays its variant (engine.search.levels.core_for: the native core when it plays the
variant, else the Python core, never another variant's rules). Engine only, no Django: the
service (analysis.services) stores what this returns, and the benchmark
(scripts/bench_analysis.py) times it alone.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import engine
from engine import Position
from engine.search.levels import core_for
from engine.search.searcher import MATE, MATE_BOUND, SearchLimits, Searcher

from .judge import Score

TT_MB = 16  # the native table per search (a bot's Hard level uses the same)
TT_BITS = 16  # the Python core's table
PV_SHOWN = 8  # plies of a principal variation kept

_lock = threading.Lock()
_active: set = set()  # the searchers of the analyses running in this process
_stopping = threading.Event()


class AnalysisStopped(Exception):
    """The process is going away (stop_all): the analysis stopped between two positions."""


def stop_all() -> int:
    """Stop every running analysis of this process and refuse new ones (the embedded server
    is shutting down). Returns how many were running."""
    _stopping.set()
    with _lock:
        running = list(_active)
    for searcher in running:
        if hasattr(searcher, "stop"):
            searcher.stop()
    return len(running)


@dataclass(frozen=True)
class Budget:
    """How far each position is searched: to `depth` plies or `nodes` nodes, the first
    reached (either may be None, not both); `movetime` a safety cap in seconds."""
    depth: int | None
    nodes: int | None
    movetime: float | None = 30.0


@dataclass
class PositionEval:
    score: Score  # from White's side
    best: str | None  # coordinate form; None when the side to move has no move
    best_san: str | None
    pv: list[str] = field(default_factory=list)
    pv_san: list[str] = field(default_factory=list)
    depth: int = 0
    nodes: int = 0


def searcher_for(variant: engine.Variant):
    """A deterministic searcher (no noise, fixed seed) of the core that plays `variant`."""
    if core_for(variant) == "native":
        from engine.search.native import NativeSearcher

        return NativeSearcher(tt_mb=TT_MB, seed=0), "native"
    return Searcher(tt_bits=TT_BITS, seed=0), "python"


def white_score(score: int, white_to_move: bool) -> Score:
    """The searcher's score (side to move's view, mates as MATE - plies) from White's side."""
    sign = 1 if white_to_move else -1
    if abs(score) >= MATE_BOUND:
        moves = (MATE - abs(score) + 1) // 2
        return Score(mate=sign * (moves if score > 0 else -moves), white_to_move=white_to_move)
    return Score(cp=sign * score, white_to_move=white_to_move)


def evaluate(position: Position, searcher, budget: Budget) -> PositionEval:
    """One position searched (left unchanged)."""
    result = searcher.search(position, SearchLimits(depth=budget.depth, nodes=budget.nodes,
                                                    movetime=budget.movetime))
    score = white_score(result.score, position.turn)
    if result.move is None:
        return PositionEval(score, None, None, depth=result.depth, nodes=result.nodes)
    line = position.copy()
    pv, pv_san = [], []
    for move in result.pv[:PV_SHOWN]:
        if not line.is_legal(move):  # a table move behind the last completed depth
            break
        pv.append(line.coord(move))
        pv_san.append(line.san(move))
        line.push(move)
    best = position.coord(result.move)
    return PositionEval(score, best, position.san(result.move), pv or [best],
                        pv_san or [position.san(result.move)], result.depth, result.nodes)


def analyse_game(variant: engine.Variant, start_fen: str, coords: list[str], budget: Budget,
                 on_position: Callable[[int, int], None] | None = None,
                 ) -> tuple[list[PositionEval], str]:
    """The start position and the position after each move of `coords`, searched: a list of
    len(coords) + 1, and the core's name. `on_position(done, total)` after each."""
    searcher, core = searcher_for(variant)
    position = Position.from_fen(start_fen, variant)
    moves = [engine.Move.from_coord(text, variant) for text in coords]
    total = len(moves) + 1
    with _lock:
        _active.add(searcher)
    try:
        found: list[PositionEval] = []
        for index in range(total):
            if index:
                position.push(moves[index - 1])  # the game's history: repetitions are seen
            if _stopping.is_set():
                raise AnalysisStopped()
            result = evaluate(position, searcher, budget)
            if _stopping.is_set():  # a stopped search's answer is not an analysis
                raise AnalysisStopped()
            found.append(result)
            if on_position is not None:
                on_position(len(found), total)
    finally:
        with _lock:
            _active.discard(searcher)
    return found, core
