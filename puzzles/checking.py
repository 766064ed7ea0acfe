"""A puzzle's line and an attempt at it, checked by the engine alone: whether a stored line is
a puzzle of its game (loading), and whether an attempt's moves solve it.

An attempt is correct when its moves are the solution, except that the last move may be another
move that mates (lichess accepts any mate in a mate puzzle's last move: a second mate is as good
as the first). A legal move off the line is a wrong attempt, the moves ending with it; moves
that are no attempt at all (an illegal move, the opponent's reply changed, moves after a wrong
one, more moves than the line) are refused, and nothing is rated."""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

import engine
from games.variants import move_from_coord

from .errors import BadAttempt, BadPuzzle


@dataclass(frozen=True)
class Verdict:
    correct: bool
    failed_at: int | None  # the index of the first wrong move in the attempt, or None


def _position(variant: engine.Variant, fen: str) -> engine.Position:
    try:
        return engine.Position.from_fen(fen.strip(), variant)
    except (engine.PositionError, ValueError) as exc:
        raise BadPuzzle(_("Not a %(variant)s position: %(reason)s.")
                        % {"variant": variant.name, "reason": exc}) from None


def _legal(pos: engine.Position, text: object) -> engine.Move | None:
    if not isinstance(text, str):
        return None
    try:
        move = move_from_coord(pos.variant, text)
        pos.validate(move)
    except (engine.MoveError, ValueError):
        return None
    return move


def normalize_puzzle(variant: engine.Variant, fen: str, solution: list) -> tuple[str, list[str]]:
    """The puzzle's position string and solution as the engine writes them; BadPuzzle with the
    reason when the string is not a position of `variant`, the line is empty or of even length
    (the solver must play last), a move is not legal, or the game ends before the line does."""
    pos = _position(variant, fen)
    if not isinstance(solution, list) or not solution or len(solution) % 2 == 0:
        raise BadPuzzle(_("A solution is a list of an odd number of moves, the solver's first."))
    start = pos.fen()
    written = []
    for ply, text in enumerate(solution):
        if ply and pos.is_game_over(claim_draw=False):
            raise BadPuzzle(_("The game is over before move %(n)s of the solution.") % {"n": ply + 1})
        move = _legal(pos, text)
        if move is None:
            raise BadPuzzle(_("Move %(n)s of the solution, %(move)s, is not legal.")
                            % {"n": ply + 1, "move": str(text)[:40]})
        written.append(pos.coord(move))
        pos.push(move)
    return start, written


def check_attempt(variant: engine.Variant, fen: str, solution: list[str], moves: list) -> Verdict:
    """Whether `moves` solve the puzzle (see the module's rules); BadAttempt with the reason
    for moves that are no attempt at it."""
    if len(moves) > len(solution):
        raise BadAttempt(_("The solution has %(n)s moves; the attempt has more.") % {"n": len(solution)})
    pos = engine.Position.from_fen(fen, variant)
    for ply, text in enumerate(moves):
        move = _legal(pos, text)
        if move is None:
            raise BadAttempt(_("Move %(n)s, %(move)s, is not a legal move here.")
                             % {"n": ply + 1, "move": str(text)[:40]})
        played = pos.coord(move)
        if ply % 2 == 1 and played != solution[ply]:
            raise BadAttempt(_("Move %(n)s is the opponent's reply, %(move)s.")
                             % {"n": ply + 1, "move": solution[ply]})
        pos.push(move)
        if played == solution[ply]:
            continue
        mates = ply == len(solution) - 1 and pos.is_checkmate()
        if ply != len(moves) - 1:
            raise BadAttempt(_("The attempt goes on after a wrong move (move %(n)s).") % {"n": ply + 1})
        return Verdict(correct=mates, failed_at=None if mates else ply)
    # Every move on the line: solved if it is all of it, else given up (e.g. "view solution").
    complete = len(moves) == len(solution)
    return Verdict(correct=complete, failed_at=None if complete else len(moves))
