"""Errors that say what is wrong.  All are ValueError subclasses so callers may catch broadly."""
from __future__ import annotations


class PositionError(ValueError):
    """A malformed or impossible position string (the message names the field and the spot)."""


class MoveError(ValueError):
    """Base class for every move that cannot be played."""


class MalformedMoveError(MoveError):
    """The move text (or Move value) cannot be read at all."""


class AmbiguousMoveError(MoveError):
    """A short readable move matches more than one legal move."""


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid here; ``.reason`` says why."""

    def __init__(self, reason: str, move_text: str | None = None) -> None:
        self.reason = reason
        self.move_text = move_text
        super().__init__(f"illegal move {move_text}: {reason}" if move_text else f"illegal move: {reason}")


class UnsupportedVariantError(ValueError):
    """The native core was not given this variant (or cannot hold it: more than 256 cells,
    more than 16 piece kinds...): it refuses rather than search with another variant's rules."""


class UnknownCellError(MalformedMoveError):
    """Move text naming a cell (or a movable board's pin) the variant's board does not have:
    ``name`` is that name, ``variant_name`` the variant's, ``hint`` how its names go, so a
    caller can say which in its own words."""

    def __init__(self, message: str, name: str, variant_name: str, hint: str = "") -> None:
        self.name = name
        self.variant_name = variant_name
        self.hint = hint
        super().__init__(message)


class PlacementLetterError(MalformedMoveError):
    """A placement (``/x`` after a coordinate move) of a piece the variant never places:
    ``letter`` as typed, ``reserve`` the (letter, piece name) pairs it does place (empty: the
    variant places nothing)."""

    def __init__(self, message: str, letter: str, variant_name: str,
                 reserve: tuple[tuple[str, str], ...]) -> None:
        self.letter = letter
        self.variant_name = variant_name
        self.reserve = reserve
        super().__init__(message)


class IllegalPositionError(PositionError):
    """A position string that reads but describes a set-up no game can reach or start from
    (python-chess's ``Board.status()`` in error classes): ``check`` names the rule broken, the
    message says where.  Subclasses name each rule, so a caller may catch one."""

    check = "illegal"


class KingCountError(IllegalPositionError):
    """A side without its royal piece, or with more than one."""

    check = "kings"


class PawnPlacementError(IllegalPositionError):
    """A pawn on a cell no pawn of its colour can ever stand on: its promotion row, or behind
    every cell its pawns start from and step to (a rank or level it can only have left)."""

    check = "pawns"


class OppositeCheckError(IllegalPositionError):
    """The side not to move is in check: the last move left its own king attacked."""

    check = "opposite_check"


class UnmovedError(IllegalPositionError):
    """A piece marked unmoved (Five Up: may still place a reserve piece or castle; Star Trek:
    a pawn's double step) that cannot be one: not on a cell its side's pieces start from."""

    check = "unmoved"


class PinError(IllegalPositionError):
    """Star Trek's attack boards: a piece on a cell whose pin holds no board (a pins field
    that does not list six distinct pins does not read: a plain PositionError)."""

    check = "pins"


class NoMoveError(IllegalPositionError):
    """The side to move has no legal move (mate or stalemate): a legal position, but no game
    can start from it."""

    check = "no_moves"
