"""The engine's reasons (engine/ is English and Django-free) are said again in German at the
Django boundary (games/engine_words.py): every reason the engine gives for the moves tried
below - from each piece to every cell, in each variant's start position and in positions a
game of its own moves reaches - has its German sentence, and in English the sentence is the
engine's own words, unchanged. A new wording in the engine fails here until
games/engine_words.py knows it."""
from __future__ import annotations

import re

import pytest
from django.utils import translation

import engine
from engine.validate import explain_illegal
from games.engine_words import illegal_reason, position_reason

PLIES = (0, 9, 20, 31)  # positions with captures, promotions near, placements and boards moved


def _reasons(variant: engine.Variant, position: engine.Position) -> set[str]:
    """Every reason the engine gives in `position` for a move between two cells: from each
    cell holding a piece (a few empty ones: they all say the same) to every cell."""
    names = variant.geometry.names
    occupied = [cell for cell in range(len(names)) if position.board[cell]]
    empty = [cell for cell in range(len(names)) if not position.board[cell]][:5]
    found = set()
    for frm in occupied + empty:
        for to in range(len(names)):
            if frm == to:
                continue
            try:
                move = engine.Move.from_coord(names[frm] + names[to], variant)
            except engine.MalformedMoveError:
                continue
            reason = explain_illegal(position, move)
            if reason:
                found.add(reason)
    return found


def _all_reasons() -> set[str]:
    """The reasons in each variant's start position and after a fixed game of its own moves
    (a capture whenever there is one, else a move picked by the ply)."""
    found = set()
    for variant in engine.VARIANTS.values():
        position = engine.Position.from_fen(variant.start_fen, variant)
        for ply in range(max(PLIES) + 1):
            if ply in PLIES:
                found |= _reasons(variant, position)
            moves = sorted(position.legal_moves(), key=lambda m: position.coord(m))
            if not moves:
                break
            captures = [m for m in moves if "x" in position.san(m)]
            position.push((captures or moves)[(ply * 7) % len(captures or moves)])
    return found


REASONS = sorted(_all_reasons())
# The English words a German sentence must not keep (the names of cells and pins excepted).
ENGLISH = re.compile(r"\b(?:piece|cannot|move|moves|from|to|pawn|knight|bishop|rook|unicorn|"
                     r"queen|king|white|black|your|occupied|blocked|path|exist|board|only)\b")


def test_the_engine_gives_many_reasons_here():
    assert len(REASONS) > 1000  # every cell's name: the shapes are checked, not a few samples


def test_in_english_each_reason_is_the_engine_s_own_words():
    with translation.override("en"):
        changed = [reason for reason in REASONS if illegal_reason(reason) != reason]
    assert changed == []


def test_in_german_no_reason_is_left_in_english():
    with translation.override("de"):
        left = sorted({reason for reason in REASONS
                       if ENGLISH.search(illegal_reason(reason))})
    assert left == [], left[:10]


@pytest.mark.parametrize("english, german", [
    ("white has no king", "Weiß hat keinen König"),
    ("black has 2 kings, expected exactly one", "Schwarz hat 2 Könige, erlaubt ist genau einer"),
    ("white is in check but it is black to move", "Weiß steht im Schach, aber Schwarz ist am Zug"),
    ("black to move is checkmated: no game can start from it",
     "Schwarz ist am Zug und mattgesetzt: Daraus kann keine Partie beginnen"),
])
def test_an_illegal_position_s_reason_in_german_and_unchanged_in_english(english, german):
    with translation.override("en"):
        assert position_reason(english) == english
    with translation.override("de"):
        assert position_reason(english) == german
