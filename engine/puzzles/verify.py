"""``verify``: a puzzle re-derived from its position alone (docs/puzzles.md, "Verification")."""
from __future__ import annotations

from engine import Position, variant_by_key
from engine.errors import MoveError, PositionError
from engine.puzzles.judge import MAX_PLIES, WIN_CP, PuzzleError, best, judge
from engine.puzzles.model import Puzzle
from engine.search import format_score


def _position(puzzle: Puzzle) -> Position:
    try:
        return Position(puzzle.fen, variant_by_key(puzzle.variant))
    except (ValueError, PositionError) as exc:  # UnknownVariantError is a ValueError
        raise PuzzleError(f"unreadable position: {exc}") from None


def verify(puzzle: Puzzle, *, extra_depth: int = 2) -> None:
    """PuzzleError (with the reason) unless: the solution's first move is the only winning move
    at ``puzzle.depth`` (a mate or >= WIN_CP, every other move <= SAFE_CP) and still the best
    move, still winning, at ``depth + extra_depth``; every reply is the engine's best move at
    ``depth``; every later solver move is again the only winning one (in a mating line: the only
    mating one); a mating line ends in checkmate."""
    sol = puzzle.solution
    if not sol or len(sol) % 2 == 0 or len(sol) > MAX_PLIES:
        raise PuzzleError(f"a solution has an odd number of moves, at most {MAX_PLIES}: this one has {len(sol)}")
    if puzzle.depth < 1:
        raise PuzzleError("the depth must be positive")
    pos = _position(puzzle)
    v = pos.variant
    try:
        moves = []
        p = pos.copy()
        for text in sol:
            move = p.parse_coord(text)
            if move.coord(v) != text:
                raise MoveError(f"{text!r} is not written as the engine writes it ({move.coord(v)!r})")
            moves.append(p.push_checked(move))
    except (MoveError, ValueError) as exc:
        raise PuzzleError(f"the solution is not playable: {exc}") from None
    if len(pos.legal_moves()) < 2:
        raise PuzzleError("the solver has one legal move: nothing to find")
    j0 = judge(pos, puzzle.depth)
    name = sol[0]
    if j0.best != moves[0]:
        raise PuzzleError(f"at depth {puzzle.depth} the engine's best move is {j0.best.coord(v)}, not {name}")
    if j0.score < WIN_CP:
        raise PuzzleError(f"{name} does not win at depth {puzzle.depth}: it scores {format_score(j0.score)}")
    if not j0.only_winner():
        raise PuzzleError(f"another move than {name} also wins at depth {puzzle.depth}: the best other one "
                          f"scores {format_score(j0.second)}")
    deeper, deeper_score = best(pos, puzzle.depth + extra_depth)
    if deeper != moves[0]:
        raise PuzzleError(f"at depth {puzzle.depth + extra_depth} the best move is {deeper.coord(v)}, not {name}")
    if deeper_score < WIN_CP:
        raise PuzzleError(f"{name} no longer wins at depth {puzzle.depth + extra_depth}: "
                          f"it scores {format_score(deeper_score)}")
    mate = j0.mates
    if mate and len(sol) != j0.mate_plies:
        raise PuzzleError(f"the engine mates in {j0.mate_plies} plies, the solution has {len(sol)}")
    p = pos.copy()
    p.push(moves[0])
    for i in range(1, len(moves), 2):
        reply, solver = moves[i], moves[i + 1]
        engine_reply, _ = best(p, puzzle.depth)
        if engine_reply != reply:
            raise PuzzleError(f"ply {i + 1}: the best defence at depth {puzzle.depth} is "
                              f"{engine_reply.coord(v)}, not {sol[i]}")
        p.push(reply)
        j = judge(p, puzzle.depth)
        if j.best != solver:
            raise PuzzleError(f"ply {i + 2}: the engine's best move is {j.best.coord(v)}, not {sol[i + 1]}")
        if not (j.only_mate() if mate else j.only_winner()):
            raise PuzzleError(f"ply {i + 2}: {sol[i + 1]} is not the only {'mating' if mate else 'winning'} move "
                              f"(it scores {format_score(j.score)}, the best other one "
                              f"{format_score(j.second)})")
        p.push(solver)
    if mate and not p.is_checkmate():
        raise PuzzleError("the mating line does not end in checkmate")
