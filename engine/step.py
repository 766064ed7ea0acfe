"""One move of a stored game, answered in one pass: the site's question to the engine.

A server holds a game as its position string plus the Zobrist keys of the positions since the
last capture or pawn move (all that threefold repetition needs), never the whole move list.
``play_step`` parses the position once, generates the legal moves once, checks the move against
that list, makes it, generates the opponent's legal moves once and derives from that one list
the check mark, the end of the game and the moves the next player may make.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from . import notation
from .errors import IllegalMoveError, MalformedMoveError, PositionError
from .moves import unpack_move
from .outcome import Outcome, decide
from .position import Position
from .variants import RAUMSCHACH, Variant


class Step(NamedTuple):
    coord: str  # the move in canonical coordinate form
    san: str  # readable form with check mark
    fen: str  # the position string after the move
    white_to_move: bool  # after the move
    hashes: list[int]  # keys since the last irreversible move, the new position's last
    outcome: Outcome | None  # how the game ended with this move, or None
    legal_moves: list[str]  # the opponent's legal moves (sorted coordinates); [] when over


def legal_coords(pos: Position, packed: Sequence[int] | None = None) -> list[str]:
    """Sorted coordinate forms of the legal moves (of ``packed`` if already generated)."""
    moves = pos.generate_legal() if packed is None else packed
    return sorted(unpack_move(m).coord(pos.variant) for m in moves)


def repetition_hashes(pos: Position) -> list[int]:
    """The keys a game stores for ``pos``: the positions since the last irreversible move
    (from ``pos``'s own history, as far as it goes) ending with ``pos`` itself."""
    keys = pos.history + [pos.hash]
    return keys[-(pos.hmc + 1):]


def stored_position(fen: str, hashes: Sequence[int] | None = None,
                    variant: Variant = RAUMSCHACH) -> Position:
    """The position a server stores, ready to search: ``fen`` with the stored keys since the
    last irreversible move (``hashes``, ending with this position's; None: this position only)
    as its repetition history (``Board.prior``), so a search sees the repetitions without the
    move list being replayed. PositionError when the keys end with another position's."""
    pos = Position.from_fen(fen, variant)
    if hashes:
        if hashes[-1] != pos.hash:
            raise PositionError("the stored repetition keys end with another position's key")
        pos.prior = tuple(hashes[-(pos.hmc + 1):-1]) if pos.hmc else ()
    return pos


def play_step(fen: str, text: str, hashes: Sequence[int] | None = None,
              variant: Variant = RAUMSCHACH) -> Step:
    """Play coordinate move ``text`` in position ``fen`` of ``variant``. ``hashes``: the stored
    keys since the last irreversible move, ending with this position's (None: this position only).

    Raises MalformedMoveError for text that is not a move, IllegalMoveError (with ``reason``)
    for one that is not legal here; PositionError for a broken position string.
    """
    pos = Position.from_fen(fen, variant)
    legal = pos.generate_legal()
    by_coord = {unpack_move(m).coord(variant): m for m in legal}
    packed = by_coord.get(text)
    if packed is None:
        # Not a legal move spelled canonically: parse it to say why (or to accept another
        # spelling of a legal move).
        move = pos.parse_coord(text)
        packed = by_coord.get(move.coord(variant))
        if packed is None:
            pos.validate(move)  # raises with the reason
            raise IllegalMoveError("not a legal move here", move.coord(variant))  # pragma: no cover
    move = unpack_move(packed)
    body = notation.move_text(pos, move)
    before = list(hashes) if hashes else [pos.hash]
    pos.make(packed)
    after = pos.generate_legal()
    keys = [pos.hash] if pos.hmc == 0 else [*before, pos.hash][-(pos.hmc + 1):]
    key = keys[-1]
    # A key includes the side to move, so equal keys are the same position, same side.
    outcome = decide(pos, after, lambda: sum(1 for h in keys[-3::-2] if h == key) + 1 >= variant.repetitions)
    return Step(
        coord=move.coord(variant),
        san=body + notation.check_suffix(pos, after),
        fen=pos.fen(),
        white_to_move=pos.side == 0,
        hashes=keys,
        outcome=outcome,
        legal_moves=[] if outcome is not None else legal_coords(pos, after),
    )


__all__ = ["Step", "play_step", "stored_position", "legal_coords", "repetition_hashes",
           "MalformedMoveError", "IllegalMoveError"]
