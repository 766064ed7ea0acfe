"""``Position``: the board, whose move it is, and in-place make/unmake with a Zobrist hash.

Public API follows python-chess (``legal_moves``, ``push``, ``pop``, ``outcome``...).  Fast
internal paths for the search, documented here and in /work/notes/engine-contract.md:

* ``pos.board`` – list of 125 piece codes, ``kind | colour << 3`` (colour 0 White, 1 Black),
  0 for an empty cell; read it, never write it;
* ``pos.generate_moves(captures_only=False) -> list[int]`` – legal packed moves
  (``from << 7 | to | promotion << 14``; see ``engine.moves``);
* ``pos.push_packed(m)`` / ``pos.pop_packed()`` – make/unmake a packed move, no Move objects;
* ``pos.side`` – colour index of the side to move (0 White, 1 Black).
"""
from __future__ import annotations

from typing import Iterable

from . import movegen, notation
from .errors import IllegalMoveError, MoveError, PositionError
from .fen import START_FEN, parse_fen, write_fen
from .geometry import BISHOP, CELL_NAMES, KING, KNIGHT, PAWN, PIECE_NAMES, UNICORN
from .moves import NULL_PACKED, Move, pack_move, unpack_move
from .outcome import Outcome, Termination
from .validate import explain_illegal
from .zobrist import BLACK_TO_MOVE_KEY, PIECE_KEYS, hash_board

_HALFMOVES_FOR_FIFTY_MOVE_DRAW = 100  # 50 moves by each side
_MINOR_KINDS = frozenset((KNIGHT, BISHOP, UNICORN))  # K + one of these v K cannot mate


class Position:
    __slots__ = ("board", "_pieces", "_kings", "side", "halfmove_clock", "fullmove_number", "zobrist", "_stack", "_history")

    def __init__(self, fen: str = START_FEN) -> None:
        parsed = parse_fen(fen)
        self.board = parsed.board
        self.side = 1 if parsed.black_to_move else 0
        self.halfmove_clock = parsed.halfmove_clock
        self.fullmove_number = parsed.fullmove_number
        self._pieces = ({}, {})
        self._kings = [0, 0]
        for cell, code in enumerate(self.board):
            if code:
                self._pieces[code >> 3][cell] = code
                if code & 7 == KING:
                    self._kings[code >> 3] = cell
        if movegen.attacked(self.board, self._kings[self.side ^ 1], self.side):
            mover, other = ("white", "black") if self.side == 0 else ("black", "white")
            raise PositionError(f"{other} is in check but it is {mover} to move")
        self.zobrist = hash_board(self.board, self.side == 1)
        self._stack: list[tuple[int, int, int, int]] = []  # (packed move, captured code, clock, hash)
        self._history = [self.zobrist]  # hash after each ply, root first (repetition detection)

    # --- construction and the position string --------------------------------------------
    @classmethod
    def start(cls) -> "Position":
        return cls(START_FEN)

    @classmethod
    def from_fen(cls, fen: str) -> "Position":
        return cls(fen)

    def fen(self) -> str:
        return write_fen(self.board, self.side == 1, self.halfmove_clock, self.fullmove_number)

    def copy(self) -> "Position":
        new = Position.__new__(Position)
        new.board = self.board[:]
        new._pieces = (dict(self._pieces[0]), dict(self._pieces[1]))
        new._kings = self._kings[:]
        new.side = self.side
        new.halfmove_clock = self.halfmove_clock
        new.fullmove_number = self.fullmove_number
        new.zobrist = self.zobrist
        new._stack = self._stack[:]
        new._history = self._history[:]
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
    def turn(self) -> bool:
        return self.side == 0

    @property
    def ply(self) -> int:
        return len(self._stack)

    @property
    def move_stack(self) -> list[Move]:
        return [unpack_move(entry[0]) for entry in self._stack]

    def piece_at(self, cell: int) -> tuple[int, bool] | None:
        code = self.board[cell]
        return (code & 7, code >> 3 == 0) if code else None

    def pieces(self, kind: int, color: bool) -> list[int]:
        code = kind | (0 if color else 1) << 3
        return sorted(c for c, p in self._pieces[0 if color else 1].items() if p == code)

    def king(self, color: bool) -> int:
        return self._kings[0 if color else 1]

    def is_attacked(self, cell: int, by_color: bool) -> bool:
        return movegen.attacked(self.board, cell, 0 if by_color else 1)

    def is_check(self) -> bool:
        return movegen.attacked(self.board, self._kings[self.side], self.side ^ 1)

    # --- moves ------------------------------------------------------------------------------
    def generate_moves(self, captures_only: bool = False) -> list[int]:
        """Legal moves as packed ints (fast path; see module docstring)."""
        side = self.side
        return movegen.generate(self.board, self._pieces[side], self._kings[side], side, captures_only)

    def legal_moves(self) -> list[Move]:
        return [unpack_move(m) for m in self.generate_moves()]

    def captures(self) -> list[Move]:
        """Legal captures and promotions (for quiescence search)."""
        return [unpack_move(m) for m in self.generate_moves(True)]

    def is_legal(self, move: Move) -> bool:
        try:
            packed = pack_move(move)
        except (TypeError, IndexError):
            return False
        return packed in self.generate_moves()

    def validate(self, move: Move) -> None:
        """Raise IllegalMoveError (with ``.reason``) unless ``move`` is legal here."""
        reason = explain_illegal(self, move)
        if reason is not None:
            raise IllegalMoveError(reason, _safe_coord(move))

    def push(self, move: Move) -> None:
        """Play ``move`` in place; it must be legal (use ``push_checked`` for untrusted input)."""
        self.push_packed(move[0] << 7 | move[1] | (move[2] or 0) << 14)

    def push_checked(self, move: Move | str) -> Move:
        """Validate then play; accepts a Move, a coordinate move or a readable move."""
        if isinstance(move, str):
            move = self.parse_san(move)
        self.validate(move)
        self.push(move)
        return move

    def push_packed(self, m: int) -> None:
        board = self.board
        frm = m >> 7 & 127
        to = m & 127
        us = self.side
        p = board[frm]
        cap = board[to]
        self._stack.append((m, cap, self.halfmove_clock, self.zobrist))
        promo = m >> 14
        newp = promo | us << 3 if promo else p
        h = self.zobrist ^ PIECE_KEYS[p][frm] ^ PIECE_KEYS[cap][to] ^ PIECE_KEYS[newp][to] ^ BLACK_TO_MOVE_KEY
        own = self._pieces[us]
        del own[frm]
        own[to] = newp
        if cap:
            del self._pieces[us ^ 1][to]
            self.halfmove_clock = 0
        elif p & 7 == PAWN:
            self.halfmove_clock = 0
        else:
            self.halfmove_clock += 1
        if p & 7 == KING:
            self._kings[us] = to
        board[frm] = 0
        board[to] = newp
        if us:
            self.fullmove_number += 1
        self.side = us ^ 1
        self.zobrist = h
        self._history.append(h)

    def pop(self) -> Move:
        return unpack_move(self.pop_packed())

    def pop_packed(self) -> int:
        m, cap, clock, h = self._stack.pop()
        self._history.pop()
        us = self.side ^ 1
        self.side = us
        self.zobrist = h
        self.halfmove_clock = clock
        if us:
            self.fullmove_number -= 1
        if m == NULL_PACKED:
            return m
        board = self.board
        frm = m >> 7 & 127
        to = m & 127
        p = board[to]
        if m >> 14:
            p = PAWN | us << 3
        own = self._pieces[us]
        del own[to]
        own[frm] = p
        board[frm] = p
        board[to] = cap
        if cap:
            self._pieces[us ^ 1][to] = cap
        if p & 7 == KING:
            self._kings[us] = frm
        return m

    def push_null(self) -> None:
        """Pass the move (null-move pruning); undo with ``pop_null``.  The clock ticks as for a
        quiet move, like python-chess."""
        self._stack.append((NULL_PACKED, 0, self.halfmove_clock, self.zobrist))
        self.halfmove_clock += 1
        if self.side:
            self.fullmove_number += 1
        self.side ^= 1
        self.zobrist ^= BLACK_TO_MOVE_KEY
        self._history.append(self.zobrist)

    def pop_null(self) -> None:
        if not self._stack or self._stack[-1][0] != NULL_PACKED:
            raise MoveError("the last move was not a null move")
        self.pop_packed()

    # --- notation -----------------------------------------------------------------------
    def san(self, move: Move) -> str:
        return notation.san(self, move)

    def parse_san(self, text: str) -> Move:
        return notation.parse_san(self, text)

    # --- end of game ---------------------------------------------------------------------
    def is_insufficient_material(self) -> bool:
        """K v K, or K + one knight, bishop or unicorn v K (RULES.md)."""
        others = [code & 7 for side in self._pieces for code in side.values() if code & 7 != KING]
        return len(others) == 0 or (len(others) == 1 and others[0] in _MINOR_KINDS)

    def is_repetition(self, count: int = 3) -> bool:
        """Has the current position (same placement, same side to move) occurred ``count``
        times since the root, counting only positions not separated by a capture or pawn move?"""
        hist = self._history
        last = len(hist) - 1
        h = hist[last]
        seen = 1
        earliest = max(0, last - self.halfmove_clock)
        for i in range(last - 2, earliest - 1, -2):
            if hist[i] == h:
                seen += 1
                if seen >= count:
                    return True
        return seen >= count

    def is_fifty_moves(self) -> bool:
        return self.halfmove_clock >= _HALFMOVES_FOR_FIFTY_MOVE_DRAW

    def is_checkmate(self) -> bool:
        return not self.generate_moves() and self.is_check()

    def is_stalemate(self) -> bool:
        return not self.generate_moves() and not self.is_check()

    def outcome(self, claim_draw: bool = True) -> Outcome | None:
        """How the game has ended here, or None.  With ``claim_draw`` (the default, and the
        project's ruling) threefold repetition and the 50-move rule end the game; without it
        only mate, stalemate and insufficient material do."""
        if not self.generate_moves():
            if self.is_check():
                return Outcome(Termination.CHECKMATE, self.side == 1)
            return Outcome(Termination.STALEMATE, None)
        if self.is_insufficient_material():
            return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
        if claim_draw:
            if self.is_repetition(3):
                return Outcome(Termination.THREEFOLD_REPETITION, None)
            if self.is_fifty_moves():
                return Outcome(Termination.FIFTY_MOVES, None)
        return None

    def is_game_over(self, claim_draw: bool = True) -> bool:
        return self.outcome(claim_draw) is not None

    def describe(self, cell: int) -> str:
        """``"white knight on Ab1"`` (for messages)."""
        code = self.board[cell]
        if not code:
            return f"empty cell {CELL_NAMES[cell]}"
        return f"{'white' if code >> 3 == 0 else 'black'} {PIECE_NAMES[code & 7]} on {CELL_NAMES[cell]}"

    def play_line(self, moves: Iterable[str]) -> None:
        """Play readable or coordinate moves in order, validating each (tests, scripts)."""
        for text in moves:
            self.push_checked(text)


def _safe_coord(move: object) -> str | None:
    try:
        return move.coord()  # type: ignore[union-attr]
    except Exception:  # a value that is not a usable Move: the reason says so
        return None
