"""The engine's explanations in the player's language (issue 45). engine/ imports no Django and
writes its reasons in English with the names filled in ("a knight cannot move from Bb2 to
Bb3"); here each reason's shape is read back and said again with gettext, the names translated.
Every English message below writes exactly the engine's words, so an English page reads as
before; a reason no pattern knows stays as the engine wrote it (English, never lost).

The holes of a pattern: {cell:x} a cell's or pin's name, {piece:x} a piece's name ("knight"),
{a_piece:x} one with its article ("a knight": German's article follows the piece's gender),
{color:x} white or black, {rule:x} a variant's pawn rule, {any:x} anything else, kept."""
from __future__ import annotations

import re

from django.utils.translation import gettext_lazy

PIECES = {
    "pawn": gettext_lazy("pawn"), "knight": gettext_lazy("knight"),
    "bishop": gettext_lazy("bishop"), "rook": gettext_lazy("rook"),
    "unicorn": gettext_lazy("unicorn"), "queen": gettext_lazy("queen"),
    "king": gettext_lazy("king"), "wizard": gettext_lazy("wizard"),
    "guard": gettext_lazy("guard"), "silver unicorn": gettext_lazy("silver unicorn"),
}
A_PIECES = {
    "pawn": gettext_lazy("a pawn"), "knight": gettext_lazy("a knight"),
    "bishop": gettext_lazy("a bishop"), "rook": gettext_lazy("a rook"),
    "unicorn": gettext_lazy("a unicorn"), "queen": gettext_lazy("a queen"),
    "king": gettext_lazy("a king"), "wizard": gettext_lazy("a wizard"),
    "guard": gettext_lazy("a guard"), "silver unicorn": gettext_lazy("a silver unicorn"),
}
COLORS = {"white": gettext_lazy("white"), "black": gettext_lazy("black")}
# The variants' pawn rules (engine/variants/: pawn_text), said after a pawn's illegal move.
RULES = {
    "one step forward or up; captures diagonally forward":
        gettext_lazy("one step forward or up; captures diagonally forward"),
    "one step up the file or up a level; captures up-left or up-right, in its level or the next":
        gettext_lazy("one step up the file or up a level; captures up-left or up-right, in its "
                     "level or the next"),
}

_NAMES = "|".join(sorted(map(re.escape, PIECES), key=len, reverse=True))
_HOLES = {"cell": r"[A-Za-z0-9]+", "piece": f"(?:{_NAMES})", "a_piece": f"a (?:{_NAMES})",
          "color": "white|black", "rule": "|".join(map(re.escape, RULES)), "any": ".+?",
          "hint": ".+?"}


def _pattern(text: str) -> tuple[re.Pattern, dict[str, str]]:
    """`text` with {kind:name} holes, as a whole-string regex and each hole's kind by name."""
    parts = re.split(r"\{(\w+):(\w+)\}", text)
    out, kinds = re.escape(parts[0]), {}
    for i in range(1, len(parts), 3):
        kind, name, rest = parts[i], parts[i + 1], parts[i + 2]
        kinds[name] = kind
        out += f"(?P<{name}>{_HOLES[kind]})" + re.escape(rest)
    return re.compile(out + r"\Z"), kinds


def _word(kind: str, value: str) -> object:
    if kind == "piece":
        return PIECES[value]
    if kind == "a_piece":
        return A_PIECES[value[2:]]
    if kind == "color":
        return COLORS[value]
    if kind == "rule":
        return RULES[value]
    if kind == "hint":
        return typed_move_hint(value)
    if kind == "any" and value.startswith(("white ", "black ")):
        return piece_on(value)
    return value


def _say(table: list, text: str) -> str:
    for (pattern, kinds), sentence in table:
        match = pattern.match(text)
        if match is not None:
            return str(sentence) % {name: _word(kinds[name], value)
                                    for name, value in match.groupdict().items()}
    return text


def _table(pairs: list[tuple[str, object]]) -> list:
    return [(_pattern(english), said) for english, said in pairs]


# engine/validate.py, engine/notation.py, engine/board_pins.py, engine/step.py.
_ILLEGAL = _table([
    ("no piece on {cell:cell}", gettext_lazy("no piece on %(cell)s")),
    ("that is not your piece ({any:piece_on})", gettext_lazy("that is not your piece (%(piece_on)s)")),
    ("{any:variant} has no piece placements", gettext_lazy("%(variant)s has no piece placements")),
    ("{any:variant} has no {piece:piece}", gettext_lazy("%(variant)s has no %(piece)s")),
    ("{cell:cell} is occupied by your own {piece:piece}",
     gettext_lazy("%(cell)s is occupied by your own %(piece)s")),
    ("only pawns promote (that is {a_piece:piece})",
     gettext_lazy("only pawns promote (that is %(piece)s)")),
    ("leaves the {piece:piece} in check", gettext_lazy("leaves the %(piece)s in check")),
    ("it leaves the {piece:piece} in check", gettext_lazy("it leaves the %(piece)s in check")),
    ("this pawn has moved before: the double step is only a pawn's first move",
     gettext_lazy("this pawn has moved before: the double step is only a pawn's first move")),
    ("a pawn cannot capture straight ahead ({cell:cell} is occupied)",
     gettext_lazy("a pawn cannot capture straight ahead (%(cell)s is occupied)")),
    ("a pawn moves diagonally only to capture ({cell:cell} is empty)",
     gettext_lazy("a pawn moves diagonally only to capture (%(cell)s is empty)")),
    ("a pawn's double step needs an empty target ({cell:cell} is occupied)",
     gettext_lazy("a pawn's double step needs an empty target (%(cell)s is occupied)")),
    ("the double step is blocked (by a piece on {any:cells})",
     gettext_lazy("the double step is blocked (by a piece on %(cells)s)")),
    ("a pawn cannot move from {cell:from} to {cell:to} ({rule:rule}; a double step only from its "
     "home row)", gettext_lazy("a pawn cannot move from %(from)s to %(to)s (%(rule)s; a double "
                               "step only from its home row)")),
    ("a pawn cannot move from {cell:from} to {cell:to} ({rule:rule})",
     gettext_lazy("a pawn cannot move from %(from)s to %(to)s (%(rule)s)")),
    ("promotion piece missing (add {any:letters} or {any:last})",
     gettext_lazy("promotion piece missing (add %(letters)s or %(last)s)")),
    ("a pawn cannot promote to {a_piece:piece}",
     gettext_lazy("a pawn cannot promote to %(piece)s")),
    ("only a pawn reaching its last row can promote ({cell:cell} is not on it)",
     gettext_lazy("only a pawn reaching its last row can promote (%(cell)s is not on it)")),
    ("you cannot castle out of check", gettext_lazy("you cannot castle out of check")),
    ("castling is blocked (by a piece on {cell:cell})",
     gettext_lazy("castling is blocked (by a piece on %(cell)s)")),
    ("the king cannot castle through {cell:cell}, which is attacked",
     gettext_lazy("the king cannot castle through %(cell)s, which is attacked")),
    ("castling vacates no cell, so it places nothing",
     gettext_lazy("castling vacates no cell, so it places nothing")),
    ("a pawn's move places nothing (only a non-pawn piece's first move may place a reserve "
     "piece)", gettext_lazy("a pawn's move places nothing (only a non-pawn piece's first move "
                            "may place a reserve piece)")),
    ("your {piece:piece} has already been placed (it is no longer in your reserve)",
     gettext_lazy("your %(piece)s has already been placed (it is no longer in your reserve)")),
    ("the {piece:piece} on {cell:cell} has moved before: only a piece's first move may place a "
     "reserve piece", gettext_lazy("the %(piece)s on %(cell)s has moved before: only a piece's "
                                   "first move may place a reserve piece")),
    ("{a_piece:piece} moves to {cell:cell} only to capture",
     gettext_lazy("%(piece)s moves to %(cell)s only to capture")),
    ("{a_piece:piece} cannot capture on {cell:cell}",
     gettext_lazy("%(piece)s cannot capture on %(cell)s")),
    ("path crosses {cell:cell}, which does not exist in the current arrangement",
     gettext_lazy("path crosses %(cell)s, which does not exist in the current arrangement")),
    ("path is blocked (by a piece on {cell:cell})",
     gettext_lazy("path is blocked (by a piece on %(cell)s)")),
    ("{a_piece:piece} cannot move from {cell:from} to {cell:to}",
     gettext_lazy("%(piece)s cannot move from %(from)s to %(to)s")),
    ("{cell:cell} holds {a_piece:piece}, not {a_piece:wanted}",
     gettext_lazy("%(cell)s holds %(piece)s, not %(wanted)s")),
    ("nothing to capture on {cell:cell} (write - for a move to an empty cell)",
     gettext_lazy("nothing to capture on %(cell)s (write - for a move to an empty cell)")),
    ("{cell:cell} holds {a_piece:piece}: write x for a capture",
     gettext_lazy("%(cell)s holds %(piece)s: write x for a capture")),
    ("no {piece:piece} of yours can legally move to {cell:cell}",
     gettext_lazy("no %(piece)s of yours can legally move to %(cell)s")),
    ("nothing to capture on {cell:cell}", gettext_lazy("nothing to capture on %(cell)s")),
    ("not a legal move here", gettext_lazy("not a legal move here")),
    ("a board's move goes from a pin to another pin",
     gettext_lazy("a board's move goes from a pin to another pin")),
    ("a board's move promotes and places nothing",
     gettext_lazy("a board's move promotes and places nothing")),
    ("no attack board stands on {cell:pin}", gettext_lazy("no attack board stands on %(pin)s")),
    ("{cell:pin} is taken: another attack board stands on it",
     gettext_lazy("%(pin)s is taken: another attack board stands on it")),
    ("the attack board on {cell:pin} is empty: a board moves only carrying at least one piece",
     gettext_lazy("the attack board on %(pin)s is empty: a board moves only carrying at least "
                  "one piece")),
    ("the attack board on {cell:pin} carries an enemy piece ({any:piece_on})",
     gettext_lazy("the attack board on %(pin)s carries an enemy piece (%(piece_on)s)")),
    ("the attack board on {cell:pin} carries {a_piece:piece}, so it cannot move",
     gettext_lazy("the attack board on %(pin)s carries %(piece)s, so it cannot move")),
    ("the attack board on {cell:pin} carries a pawn, so it must keep its ranks ({any:ranks}); "
     "{cell:to} stands on ranks {any:to_ranks}",
     gettext_lazy("the attack board on %(pin)s carries a pawn, so it must keep its ranks "
                  "(%(ranks)s); %(to)s stands on ranks %(to_ranks)s")),
    ("{cell:cell} does not exist in the current arrangement (no attack board stands on "
     "{cell:pin})", gettext_lazy("%(cell)s does not exist in the current arrangement (no attack "
                                 "board stands on %(pin)s)")),
    ("{cell:cell} does not exist in the current arrangement",
     gettext_lazy("%(cell)s does not exist in the current arrangement")),
])

# Why a position breaks a rule of the set-up (engine.IllegalPositionError's message:
# engine/fen.py, engine/position.py, engine/setup.py, engine/variants/startrek.py).
_POSITION = _table([
    ("{color:color} has no {piece:piece}", gettext_lazy("%(color)s has no %(piece)s")),
    ("{color:color} has {any:count} kings, expected exactly one",
     gettext_lazy("%(color)s has %(count)s kings, expected exactly one")),
    ("{any:pawn_on}, its promotion row, should have promoted",
     gettext_lazy("%(pawn_on)s, its promotion row, should have promoted")),
    ("{any:pawn_on}: no {color:color} pawn can get there from where its pawns start",
     gettext_lazy("%(pawn_on)s: no %(color)s pawn can get there from where its pawns start")),
    ("{color:other} is in check but it is {color:mover} to move",
     gettext_lazy("%(other)s is in check but it is %(mover)s to move")),
    ("{color:color} to move is checkmated: no game can start from it",
     gettext_lazy("%(color)s to move is checkmated: no game can start from it")),
    ("{color:color} to move is stalemated: no game can start from it",
     gettext_lazy("%(color)s to move is stalemated: no game can start from it")),
    ("unmoved: the {any:piece_on} is not on a cell its pawns start from, so it has moved",
     gettext_lazy("unmoved: the %(piece_on)s is not on a cell its pawns start from, so it has "
                  "moved")),
    ("pins: a piece stands on {cell:cell}, but no attack board stands on {cell:pin}",
     gettext_lazy("pins: a piece stands on %(cell)s, but no attack board stands on %(pin)s")),
])
_PIECE_ON = _pattern("{color:color} {piece:piece} on {cell:cell}")


def piece_on(text: str) -> str:
    """pos.describe's "white knight on Ab1", in the active language."""
    return _say([(_PIECE_ON, gettext_lazy("%(color)s %(piece)s on %(cell)s"))], text)


def illegal_reason(reason: str) -> str:
    """The engine's reason why a move is illegal (IllegalMoveError.reason), in the active
    language."""
    return _say(_ILLEGAL, reason)


def position_reason(reason: object) -> str:
    """The engine's reason why a position is illegal (its IllegalPositionError), in the active
    language."""
    return _say(_POSITION, str(reason))


_HINT = _pattern("type it as the move list shows it ({any:shown}) or as two cells ({any:coord})")

# Why text is not a move (engine.MalformedMoveError / AmbiguousMoveError: engine/notation.py,
# engine/moves.py), the shapes a player meets; `move` is the text as typed, quoted.
_MALFORMED = _table([
    ("{any:move} is not a move; {hint:hint}.", gettext_lazy("%(move)s is not a move; %(hint)s.")),
    ("{any:move} moves from a cell to the same cell",
     gettext_lazy("%(move)s moves from a cell to the same cell")),
    ("{any:move} moves a board from a pin to the same pin",
     gettext_lazy("%(move)s moves a board from a pin to the same pin")),
    ("{any:move} could mean {any:options}; give the from-cell",
     gettext_lazy("%(move)s could mean %(options)s; give the from-cell")),
])


def typed_move_hint(hint: str) -> str:
    """A variant's `typed_move_hint` ("type it as the move list shows it ..."), in the active
    language."""
    return _say([(_HINT, gettext_lazy("type it as the move list shows it (%(shown)s) or as two "
                                      "cells (%(coord)s)"))], hint)


def malformed_reason(reason: object) -> str:
    """The engine's reason why text is not a move, in the active language."""
    return _say(_MALFORMED, str(reason))


def not_a_move(hint: str, why: str = "") -> str:
    """"That is not a move; type it as ..." from a variant's `typed_move_hint`; `why`, the
    engine's reason, in brackets after."""
    said = str(gettext_lazy("That is not a move; %(hint)s.")) % {"hint": typed_move_hint(hint)}
    return f"{said} ({malformed_reason(why)})" if why else said


# The built-in bots' one line each (engine/search/levels.py, engine/variants/: a level's
# description), shown on their pages and in the bot lists.
BOT_DESCRIPTIONS = {english: said for english, said in [
    ("Plays random legal moves - a gentle first opponent while you learn how the pieces move.",
     gettext_lazy("Plays random legal moves - a gentle first opponent while you learn how the "
                  "pieces move.")),
    ("Looks one move ahead for each side and plays loosely: grabs loose pieces, misses plans.",
     gettext_lazy("Looks one move ahead for each side and plays loosely: grabs loose pieces, "
                  "misses plans.")),
    ("Looks one ply ahead and plays loosely: grabs what it can take, never sees the reply.",
     gettext_lazy("Looks one ply ahead and plays loosely: grabs what it can take, never sees the "
                  "reply.")),
    ("Looks three plies ahead, never misses a mate in one and spots simple tactics.",
     gettext_lazy("Looks three plies ahead, never misses a mate in one and spots simple "
                  "tactics.")),
    ("Looks four plies ahead, never misses a mate in one and spots simple tactics.",
     gettext_lazy("Looks four plies ahead, never misses a mate in one and spots simple tactics.")),
    ("Looks five plies ahead plus every capture sequence; finds mates in three and real "
     "combinations.", gettext_lazy("Looks five plies ahead plus every capture sequence; finds "
                                   "mates in three and real combinations.")),
    ("Looks three plies ahead plus every capture sequence; finds mates in two and short "
     "combinations.", gettext_lazy("Looks three plies ahead plus every capture sequence; finds "
                                   "mates in two and short combinations.")),
    ("Looks four plies ahead plus every capture sequence; finds mates in two and short "
     "combinations.", gettext_lazy("Looks four plies ahead plus every capture sequence; finds "
                                   "mates in two and short combinations.")),
    ("Looks six plies ahead plus every capture sequence; finds mates in three and real "
     "combinations.", gettext_lazy("Looks six plies ahead plus every capture sequence; finds "
                                   "mates in three and real combinations.")),
    ("The full engine with five seconds a move: deep, tactical and hard to beat.",
     gettext_lazy("The full engine with five seconds a move: deep, tactical and hard to beat.")),
    ("The full engine with thirty seconds a move, for correspondence play at full strength.",
     gettext_lazy("The full engine with thirty seconds a move, for correspondence play at full "
                  "strength.")),
]}


def said(table: dict, text: str) -> str:
    """`text` (the engine's English) from `table` in the active language; unknown: as it is."""
    words = table.get(text)
    return str(words) if words is not None else text


def bot_description(text: str) -> str:
    """A built-in bot's description, in the active language (another text: as it is)."""
    return said(BOT_DESCRIPTIONS, text)
