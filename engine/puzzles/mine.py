"""Mining: the puzzles along one game (docs/puzzles.md, "Mining")."""
from __future__ import annotations

from typing import Mapping, Sequence

from engine import Move, Position, variant_by_key
from engine.errors import MoveError, PositionError
from engine.puzzles.judge import MAX_PLIES, WIN_CP, Judgement, PuzzleError, best, judge
from engine.puzzles.model import Puzzle
from engine.puzzles.themes import themes
from engine.puzzles.verify import verify

MAX_PER_GAME = 3  # a game gives at most this many puzzles ...
COOLDOWN = 4  # ... at least this many plies apart (one blunder, one puzzle)
SCOUT_CP = 100  # what a scout search must see to go on (mine_position's ``scout``)


def line_from(pos: Position, depth: int, j0: Judgement) -> list[Move]:
    """The solution from ``pos`` whose first move ``j0`` judged the only winning one: the
    engine's best reply, then the solver's move while it stays the only winning (in a mating
    line: the only mating) one.  A mating line ends with the mate; PuzzleError when it cannot."""
    mate = j0.mates
    line = [j0.best]
    p = pos.copy()
    p.push(j0.best)
    while len(line) + 2 <= MAX_PLIES and not (mate and p.is_checkmate()) and p.legal_moves():
        reply, _ = best(p, depth)
        p.push(reply)
        if not p.legal_moves():
            p.pop()
            break
        j = judge(p, depth)
        if not (j.only_mate() if mate else j.only_winner()):
            p.pop()
            if mate:
                raise PuzzleError(f"the mate does not go on with one mating move after {reply.coord(p.variant)}")
            break
        line += [reply, j.best]
        p.push(j.best)
    if mate and not p.is_checkmate():
        raise PuzzleError("the mating line does not end in mate within the puzzle's length")
    return line


def mine_position(variant: str, fen: str, *, depth: int, source: str = "", scout: int = 0,
                  first: tuple[Move, int] | None = None) -> Puzzle | None:
    """The puzzle whose position is ``fen`` (solver to move), verified; None when it is none.
    ``scout`` (plies, below ``depth``): first a search that shallow, and the position is skipped
    unless it sees the side to move SCOUT_CP up; it skips most of a game's positions at a
    fraction of the cost, and misses the puzzles whose point lies deeper than it sees (it
    never admits one: the full judgement follows).  ``first``: the search's (move, score) at
    ``depth`` when the caller has it."""
    pos = Position(fen, variant_by_key(variant))
    if len(pos.legal_moves()) < 2:
        return None
    if first is None and 0 < scout < depth and best(pos, scout)[1] < SCOUT_CP:
        return None
    if first is None:
        first = best(pos, depth)
    if first[1] < WIN_CP:
        return None
    j0 = judge(pos, depth, first=first)
    if not j0.only_winner() or (j0.mates and j0.mate_plies > MAX_PLIES):
        return None
    try:
        line = line_from(pos, depth, j0)
        puzzle = Puzzle(variant, fen, tuple(m.coord(pos.variant) for m in line),
                        themes(pos, line, mate=j0.mates, score=j0.score), depth, source)
        verify(puzzle)
    except PuzzleError:
        return None
    return puzzle


def _same_rules(fen: str, base, played) -> bool:
    """Whether the variant's plain rules read ``fen`` as the game's (options on) did: the
    puzzle is stored and verified without the game's options."""
    if played is base:
        return True
    try:
        a, b = Position(fen, base), Position(fen, played)
    except PositionError:
        return False
    return sorted(a.generate_legal()) == sorted(b.generate_legal())


def mine_game(variant: str, start_fen: str, moves: Sequence[str], *, depth: int,
              options: Mapping | None = None, source: str = "", scout: int = 0) -> list[Puzzle]:
    """The puzzles along one game: each position before a move (and the last one), read from
    its FEN alone; at most MAX_PER_GAME, COOLDOWN plies apart.  A move the rules refuse ends
    the walk (the puzzles before it are kept).  ``scout``: as ``mine_position``'s."""
    base = variant_by_key(variant)
    played = base.with_options(**options) if options else base
    pos = Position(start_fen, played)
    found: list[Puzzle] = []
    last = -COOLDOWN
    before = None  # the last position's score for its mover (None: not searched)
    for ply in range(len(moves) + 1):
        score = None
        if ply - last >= COOLDOWN:
            fen = pos.fen()
            puzzle, score = _mine_ply(variant, fen, base, played, before, depth=depth, source=source,
                                      scout=scout)
            if puzzle is not None:
                found.append(puzzle)
                last = ply
                if len(found) >= MAX_PER_GAME:
                    break
        before = score
        if ply == len(moves):
            break
        try:
            pos.push_checked(moves[ply])
        except (MoveError, ValueError):
            break
    return found


def _mine_ply(variant: str, fen: str, base, played, before: int | None, *, depth: int, source: str,
              scout: int) -> tuple[Puzzle | None, int | None]:
    """A game position's puzzle and its score for the side to move.  A side that was already
    winning before the opponent's last move (``before``, the opponent's score, at most
    -WIN_CP) is not asked again: its position is won, not a puzzle."""
    if not _same_rules(fen, base, played):
        return None, None
    pos = Position(fen, base)
    if len(pos.legal_moves()) < 2:
        return None, None
    if 0 < scout < depth and best(pos, scout)[1] < SCOUT_CP:
        return None, None
    first = best(pos, depth)
    if before is not None and before <= -WIN_CP:
        return None, first[1]
    return mine_position(variant, fen, depth=depth, source=source, first=first), first[1]
