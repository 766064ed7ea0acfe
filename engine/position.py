"""``Position``: the python-chess-shaped front over the engine's one :class:`~engine.board.Board`.

A Position *is* a Board (make/unmake, hash, generators, running evaluation sums) plus what a
game needs around it: the fullmove number, validation with reasons, notation and the end of
the game.  Public API follows python-chess (``legal_moves``, ``push``, ``pop``, ``outcome``...).
Fast internal paths (the search and perft use them; documented here only):

* ``pos.board`` - list of 125 piece codes (engine.pieces: ``kind | colour << 4``, colour 0
  White, 1 Black), 0 for an empty cell; read it, never write it;
* ``pos.generate_moves(captures_only=False) -> list[int]`` - legal packed moves (engine.moves);
* ``pos.push_packed(m)`` / ``pos.pop_packed()`` - make/unmake a packed move, no Move objects;
* ``pos.side`` - colour index of the side to move (0 White, 1 Black).
"""
from __future__ import annotations

from typing import Iterable

from . import notation
from .board import Board
from .board_state import StateBoard, StateMixin
from .errors import IllegalMoveError, MoveError, OppositeCheckError, PositionError
from .fen import parse_fen, write_position
from .moves import CELL_MASK, FROM_SHIFT, NULL_PACKED, Move, pack_move, unpack_move
from .outcome import Outcome, decide
from .pieces import COLOR_SHIFT, KIND_MASK, PAWN, piece_code
from .validate import explain_illegal
from .variants import RAUMSCHACH, Variant


_START = object()  # "the variant's start position" (None is a bad position string, not a default)


class Position(Board):
    """``Position(fen, variant)``; a variant with state beyond the placement (Five Up) gets a
    :class:`StatePosition`, the same front over engine/board_state.py's board."""

    __slots__ = ("_fullmove0", "_side0")

    def __new__(cls, fen: str = _START, variant: Variant = RAUMSCHACH):  # type: ignore[assignment]
        if cls is Position and isinstance(variant, Variant) and not variant.plain_board:
            cls = StatePosition if variant.board_mixin is None else _front_class(variant.board_mixin)
        return object.__new__(cls)

    def __init__(self, fen: str = _START, variant: Variant = RAUMSCHACH) -> None:  # type: ignore[assignment]
        if not isinstance(variant, Variant):
            raise TypeError(f"variant must be an engine Variant, not {type(variant).__name__}")
        super().__init__(variant)
        parsed = parse_fen(variant.start_fen if fen is _START else fen, variant)
        for cell, code in enumerate(parsed.board):
            if code:
                self.put(cell, code)
        self.set_side(1 if parsed.black_to_move else 0)
        if not variant.plain_board:
            self.set_state_from(parsed)
        self.hmc = parsed.halfmove_clock
        self._fullmove0 = parsed.fullmove_number
        self._side0 = self.side
        if self.attacked(self.kings[self.side ^ 1], self.side):
            mover, other = ("white", "black") if self.side == 0 else ("black", "white")
            raise OppositeCheckError(f"{other} is in check but it is {mover} to move")

    # --- construction and the position string --------------------------------------------
    @classmethod
    def start(cls, variant: Variant = RAUMSCHACH) -> "Position":
        return cls(variant.start_fen, variant)

    @classmethod
    def from_fen(cls, fen: str, variant: Variant = RAUMSCHACH) -> "Position":
        return cls(fen, variant)

    def fen(self) -> str:
        return write_position(self)

    def copy(self) -> "Position":
        new = object.__new__(type(self))
        self.copy_state_to(new)
        new._fullmove0 = self._fullmove0
        new._side0 = self._side0
        return new

    def __repr__(self) -> str:
        return f"Position.from_fen({self.fen()!r})"

    def __eq__(self, other: object) -> bool:
        # Same placement, side and clocks (like comparing position strings); history ignored.
        if not isinstance(other, Position):
            return NotImplemented
        return self.fen() == other.fen()

    # --- reading the board ----------------------------------------------------------------
    @property
    def board(self) -> list:
        return self.sq

    @property
    def zobrist(self) -> int:
        return self.hash

    @property
    def halfmove_clock(self) -> int:
        return self.hmc

    @property
    def fullmove_number(self) -> int:
        return self._fullmove0 + (len(self.stack) + self._side0) // 2

    @property
    def turn(self) -> bool:
        return self.side == 0

    @property
    def ply(self) -> int:
        return len(self.stack)

    # --- move text in the position's variant ------------------------------------------------
    def parse_coord(self, text: str) -> Move:
        """A coordinate move of this position's variant (MalformedMoveError if unreadable;
        legality is not checked). A placement may also be written as Fairy-Stockfish writes a
        gating move, its letter straight after the cells (``Dc5Ac5g`` for ``Dc5Ac5/g``): the
        letter is a placement when the mover is no pawn (only pawns promote, only other
        pieces place), so the reading is never in doubt once the position is known."""
        move = Move.from_coord(text, self.variant)
        if move.promotion and move.placement is None and move.promotion in self.variant.reserve_kinds:
            code = self.sq[move.from_cell]
            if code and code & KIND_MASK != PAWN:
                return Move(move.from_cell, move.to_cell, None, move.promotion)
        return move

    def coord(self, move: Move | int) -> str:
        """The coordinate text of ``move`` (a Move or a packed int) in this variant."""
        if isinstance(move, int):
            move = unpack_move(move)
        return move.coord(self.variant)

    @property
    def move_stack(self) -> list[Move]:
        return [unpack_move(entry[0]) for entry in self.stack]

    def piece_at(self, cell: int) -> tuple[int, bool] | None:
        code = self.sq[cell]
        return (code & KIND_MASK, code >> COLOR_SHIFT == 0) if code else None

    def pieces(self, kind: int, color: bool) -> list[int]:
        side = 0 if color else 1
        code = piece_code(side, kind)
        sq = self.sq
        return sorted(c for c in self.occupied[side] if sq[c] == code)

    def king(self, color: bool) -> int:
        return self.kings[0 if color else 1]

    def is_attacked(self, cell: int, by_color: bool) -> bool:
        return self.attacked(cell, 0 if by_color else 1)

    def is_check(self) -> bool:
        return self.in_check()

    def checkers(self) -> list[int]:
        """The cells of the pieces giving check to the side to move (for drawing the check)."""
        if not self.in_check():
            return []
        king = self.king(self.turn)
        self.make_null()  # the other side "to move": its captures of the king are the checks
        try:
            captures, _ = self.generate(captures_only=True)
        finally:
            self.unmake_null()
        return sorted({m >> FROM_SHIFT & CELL_MASK for m in captures if m & CELL_MASK == king})

    # --- moves ------------------------------------------------------------------------------
    def generate_moves(self, captures_only: bool = False) -> list[int]:
        """Legal moves as packed ints (fast path; see module docstring)."""
        return self.generate_legal(captures_only)

    def legal_moves(self) -> list[Move]:
        return [unpack_move(m) for m in self.generate_legal()]

    def captures(self) -> list[Move]:
        """Legal captures and promotions (for quiescence search)."""
        return [unpack_move(m) for m in self.generate_legal(True)]

    def is_legal(self, move: Move) -> bool:
        try:
            packed = pack_move(move)
        except (TypeError, IndexError):
            return False
        return packed in self.generate_legal()

    def validate(self, move: Move) -> None:
        """Raise IllegalMoveError (with ``.reason``) unless ``move`` is legal here."""
        reason = explain_illegal(self, move)
        if reason is not None:
            raise IllegalMoveError(reason, _safe_coord(move, self.variant))

    def push(self, move: Move) -> None:
        """Play ``move`` in place; it must be legal (use ``push_checked`` for untrusted input)."""
        self.make(pack_move(move))

    def push_checked(self, move: Move | str) -> Move:
        """Validate then play; accepts a Move, a coordinate move or a readable move."""
        if isinstance(move, str):
            move = self.parse_san(move)
        self.validate(move)
        self.push(move)
        return move

    # The packed fast path is the board's own make/unmake.
    push_packed = Board.make
    pop_packed = Board.unmake

    def pop(self) -> Move:
        if self.stack and self.stack[-1][0] == NULL_PACKED:
            self.unmake_null()
            return Move.null()
        return unpack_move(self.unmake())

    def push_null(self) -> None:
        """Pass the move; undo with ``pop_null``.  The clock ticks as for a quiet move, like
        python-chess (the search's ``make_null`` restarts it instead)."""
        clock = self.hmc
        self.make_null()
        self.hmc = clock + 1

    def pop_null(self) -> None:
        if not self.stack or self.stack[-1][0] != NULL_PACKED:
            raise MoveError("the last move was not a null move")
        self.unmake_null()

    # --- notation -----------------------------------------------------------------------
    def san(self, move: Move) -> str:
        return notation.san(self, move)

    def parse_san(self, text: str) -> Move:
        return notation.parse_san(self, text)

    # --- end of game ---------------------------------------------------------------------
    def is_insufficient_material(self) -> bool:
        """K v K, or K + one knight, bishop or unicorn v K (the variant's rule)."""
        return self.variant.is_insufficient_material(self)

    def is_repetition(self, count: int | None = None) -> bool:
        """Has the current position (same placement, same side to move) occurred ``count``
        times (default: the variant's, three) since the root, counting only positions not
        separated by a capture or pawn move?"""
        if count is None:
            count = self.variant.repetitions
        hist = self.history  # hash before each move; hist[i] is the position at ply i
        last = len(hist)
        h = self.hash
        seen = 1
        earliest = max(0, last - self.hmc)
        for i in range(last - 2, earliest - 1, -2):
            if hist[i] == h:
                seen += 1
                if seen >= count:
                    return True
        return seen >= count

    def is_fifty_moves(self) -> bool:
        return self.hmc >= self.variant.fifty_move_plies

    def is_checkmate(self) -> bool:
        return not self.generate_legal() and self.in_check()

    def is_stalemate(self) -> bool:
        return not self.generate_legal() and not self.in_check()

    def outcome(self, claim_draw: bool = True) -> Outcome | None:
        """How the game has ended here, or None.  With ``claim_draw`` (the default, and the
        project's ruling) threefold repetition and the 50-move rule end the game; without it
        only mate, stalemate and insufficient material do."""
        return decide(self, self.generate_legal(), self.is_repetition, claim_draw)

    def is_game_over(self, claim_draw: bool = True) -> bool:
        return self.outcome(claim_draw) is not None

    def describe(self, cell: int) -> str:
        """``"white knight on Ab1"`` (for messages)."""
        code = self.sq[cell]
        name = self.variant.geometry.names[cell]
        if not code:
            return f"empty cell {name}"
        return f"{'white' if code >> COLOR_SHIFT == 0 else 'black'} {self.variant.names[code & KIND_MASK]} on {name}"

    def play_line(self, moves: Iterable[str]) -> None:
        """Play readable or coordinate moves in order, validating each (tests, scripts)."""
        for text in moves:
            self.push_checked(text)


def _safe_coord(move: object, variant: Variant | None = None) -> str | None:
    try:
        return move.coord(variant)  # type: ignore[union-attr]
    except Exception:  # a value that is not a usable Move: the reason says so
        return None


class StatePosition(StateMixin, Position):
    """A Position of a variant with reserves, unmoved pieces, en passant or castling."""

    __slots__ = ()
    BOARD_CLASS = StateBoard
    push_packed = StateMixin.make
    pop_packed = StateMixin.unmake


_FRONTS: dict[type, type] = {}


def _front_class(mixin: type) -> type:
    """The Position class (and its search board, ``BOARD_CLASS``) of a variant that brings its
    own board mixin (``variant.board_mixin``, e.g. engine/board_pins.py's for boards whose cells
    appear and disappear): built once per mixin, as StatePosition/StateBoard are for
    StateMixin.  The mixin declares its extra slots in ``EXTRA_SLOTS``."""
    found = _FRONTS.get(mixin)
    if found is None:
        slots = tuple(getattr(mixin, "EXTRA_SLOTS", ()))
        board = type(f"{mixin.__name__}Board", (mixin, Board), {"__slots__": slots})
        board.BOARD_CLASS = board
        found = type(f"{mixin.__name__}Position", (mixin, Position),
                     {"__slots__": slots, "BOARD_CLASS": board, "push_packed": mixin.make,
                      "pop_packed": mixin.unmake, "__module__": __name__})
        _FRONTS[mixin] = found
    return found
