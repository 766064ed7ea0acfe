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
