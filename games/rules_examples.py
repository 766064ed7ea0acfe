"""The rules page's worked examples (issue 29 item 17): pawn moves, promotion, check, boardmate
and spacemate, each a position and a move. What the page says about an example (the move's
notation, the checks, the king's escapes, the pawn's moves) is read off the engine here, never
written by hand; tests/web/test_the_rules_examples_are_what_the_engine_plays.py checks that each
example is what its title claims (the mate is mate, the boardmate leaves only other levels).
The words (titles, texts, the sentences around the facts) are translated (issue 45); the
notation is not."""
from __future__ import annotations

from typing import NamedTuple

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

import engine


class Example(NamedTuple):
    key: str  # what it shows: "pawn", "promotion", "check", "boardmate", "spacemate"
    title: str
    fen: str  # the position before the move
    move: str  # coordinate move; for "pawn" the pawn's cell (its moves are shown, none made)
    text: str  # the words around the engine's facts; docs/rules/<variant>.md has the rule


EXAMPLES: dict[str, tuple[Example, ...]] = {
    "raumschach": (
        Example("pawn", _("How a pawn moves"),
                "4k/5/5/5/5|5/5/3b1/5/5|5/1n3/2P2/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1", "Cc3",
                _("A White pawn steps forward (towards rank 5) or up (towards level E) to an "
                  "empty cell, and captures one step diagonally where every step points towards "
                  "promotion: here the knight on Cb4 and the bishop on Dd3.")),
        Example("promotion", _("Promotion"),
                "k4/5/5/5/5|4P/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1", "De5Ee5q",
                _("A pawn that reaches the far rank of the top level (Ea5–Ee5 for White) becomes "
                  "a queen, rook, bishop, knight or unicorn. This one steps up from De5 and "
                  "becomes a queen, which checks along level E's fifth rank.")),
        Example("check", _("Check from another level"),
                "5/5/2k2/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/R4/5/K4 w 0 1", "Aa3Ac3",
                _("A piece attacks through the cube: the rook on Ac3 checks the king four levels "
                  "above it, straight up the column. The king still has moves on its own level.")),
        Example("boardmate", _("Boardmate (++)"),
                "5/5/5/5/5|4k/5/5/5/5|5/3R1/5/5/5|3Q1/5/5/2K2/5|5/5/5/5/5 w 0 1", "Bd5Cd5",
                _("Check, and no move on the king's own level D gets out of it: a boardmate, "
                  "written ++. It is not the end of the game: the king escapes to another level.")),
        Example("spacemate", _("Spacemate (#)"),
                "5/5/3k1/5/5|5/5/1Q3/3R1/5|5/5/5/5/5|5/5/5/5/5|5/5/3K1/5/5 w 0 1", "Db3Dd3",
                _("The queen comes to Dd3, right under the king on Ed3, guarded by the rook on "
                  "Dd2. No move on any level gets the king out of check: spacemate, written #, "
                  "which ends the game.")),
    ),
    # Five Up's board and cell names are Raumschach's; its pieces and pawns differ
    # (docs/rules/fiveup.md). The boardmate and the spacemate start from one position.
    "fiveup": (
        Example("pawn", _("How a pawn moves"),
                "k4/5/5/5/5|5/2p2/3b1/5/5|5/1n3/2P2/5/5|5/5/5/5/5|5/5/5/5/K4 w - - - 0 1", "Cc3",
                _("A White pawn steps forward (towards rank 5) or up (towards level E) to an "
                  "empty cell, and captures on five cells: forward or up with a step to the "
                  "side, or forward and up at once. Here it can take the knight on Cb4, the "
                  "bishop on Dd3 and the pawn on Dc4. A pawn still on its first cell on level A "
                  "may also step two at once.")),
        Example("promotion", _("Promotion"),
                "k4/5/5/5/5|4P/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - - 0 1", "De5Ee5q",
                _("A pawn that reaches the far rank of the top level (Ea5–Ee5 for White) becomes "
                  "any piece but a king: queen, rook, bishop, knight, unicorn, wizard, guard or "
                  "silver unicorn. This one steps up from De5 and becomes a queen, which checks "
                  "along level E's fifth rank.")),
        Example("check", _("Check from another level"),
                "5/5/5/5/5|5/4k/5/5/5|5/5/5/5/5|5/5/3K1/5/5|5/1R3/5/5/5 w - - - 0 1", "Ab4Ae4",
                _("A piece attacks through the cube: the rook on Ae4 checks the king three "
                  "levels above it, straight up the column. The king still has moves on its own "
                  "level.")),
        Example("boardmate", _("Boardmate (++)"),
                "5/5/5/2Q2/5|5/5/5/3K1/5|5/5/5/4k/5|5/5/5/5/5|5/5/5/5/5 w - - - 0 1", "Ec2Cc2",
                _("The queen comes down to Cc2 and checks the king on Ce2 along the rank; the "
                  "White king on Dd2 guards Ce1 and Ce3. No move on the king's own level C gets "
                  "out of check: a boardmate, written ++. It is not the end of the game: the "
                  "king escapes to another level.")),
        Example("spacemate", _("Spacemate (#)"),
                "5/5/5/2Q2/5|5/5/5/3K1/5|5/5/5/4k/5|5/5/5/5/5|5/5/5/5/5 w - - - 0 1", "Ec2Ee2",
                _("The same position, but the queen goes to Ee2, straight above the king on Ce2 "
                  "with the empty De2 between them. No move on any level gets the king out of "
                  "check: spacemate, written #, which ends the game.")),
    ),
    # Hexagonal Raumschach: five hexagon levels, Glinski's directions in each
    # (docs/rules/hexraumschach.md); a file's cells are numbered from its bottom cell.
    "hexraumschach": (
        Example("pawn", _("How a pawn moves"),
                "4/5/6/6k/6/5/4|4/5/3b2/7/6/5/4|4/5/6/3P3/3n2/5/4|4/5/6/7/6/5/4|4/5/6/K6/6/5/4 w 0 1", "Cd4",
                _("A White pawn steps up its file or up a level to an empty cell, and captures "
                  "up-left or up-right (10 and 2 o'clock) on its own level or on the level "
                  "above: here the knight on Ce4 and the bishop on Dc4. There is no double step.")),
        Example("promotion", _("Promotion"),
                "4/5/6/k6/6/5/4|4/5/6/6P/6/5/4|4/5/6/7/6/5/4|4/5/6/7/6/5/4|4/5/6/K6/6/5/4 w 0 1", "Dd7Ed7q",
                _("A pawn that reaches the top cell of a file on level E (Ea4, Eb5, Ec6, Ed7, "
                  "Ee6, Ef5, Eg4 for White) becomes a queen, rook, bishop, knight or unicorn. "
                  "This one steps up from Dd7 and becomes a queen, which checks down level E's "
                  "d-file.")),
        Example("check", _("Check from another level"),
                "4/2k2/6/7/6/5/4|4/5/6/7/6/5/4|1K2/5/6/7/6/5/4|4/5/6/7/6/5/4|4/5/6/7/6/4R/4 w 0 1", "Af5Ab3",
                _("A piece attacks through the levels: the rook on Ab3 checks the king four "
                  "levels above it, straight up the column. The king still has moves on its own "
                  "level.")),
        Example("boardmate", _("Boardmate (++)"),
                "4/5/6/7/6/5/4|k3/5/6/7/R5/5/4|4/5/2K3/7/6/5/4|4/5/6/7/6/5/4|4/5/6/7/6/5/4 w 0 1", "De1Db2",
                _("The rook comes to Db2 and checks the king on Da1, in a corner of level D. No "
                  "move on level D gets out of check: a boardmate, written ++. It is not the end "
                  "of the game: the king escapes to another level.")),
        Example("spacemate", _("Spacemate (#)"),
                "4/5/6/7/6/5/4|4/5/6/7/6/5/4|4/5/6/7/4Q1/5/4|4/5/6/4K1k/6/5/4|4/5/6/7/6/5/4 w 0 1", "Ce5Bd6",
                _("The queen comes down a level to Bd6, next to the king on Bd7 at the top of "
                  "level B's d-file, guarded by the White king on Bd5. No move on any level gets "
                  "the king out of check: spacemate, written #, which ends the game.")),
    ),
    # Star Trek 3D chess (issue 39): the start position with two Black pieces added, for the
    # pawn; a lone pawn on Black's main board, for its promotion (to a queen only).
    "startrek": (
        Example("pawn", _("How a pawn moves"),
                "rq2kr/pp2pp/6/6/6/6/6/6/6/6|6/1nbbn1/1pppp1/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|"
                "6/6/6/6/6/6/2b3/6/6/6|6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/2n3/1PPPP1/1NBBN1/6|"
                "6/6/6/6/6/6/6/6/PP2PP/RQ2KR w K1d,K6u,Q1d,Q3d,Q4u,Q6u "
                "Az1,Aa1,Ad1,Ae1,Ba2,Bb2,Bc2,Bd2,Fa7,Fb7,Fc7,Fd7,Gz8,Ga8,Gd8,Ge8 0 1", "Ba2",
                _("White's pawn on Ba2 may step forward to Ba3, two at once to Ba4 on its first "
                  "move, or forward and up onto the attack board at Ca3. It captures one cell "
                  "diagonally forward on its own level and on every level above: here the knight "
                  "on Bb3 and the bishop two levels up on Db3.")),
        Example("promotion", _("Promotion"),
                "4k1/6/6/6/6/6/6/6/6/6|6/6/1P4/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|"
                "6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/4K1 "
                "w K1d,K6u,Q1d,Q3d,Q4u,Q6u - 0 1", "Fa7Fa8q",
                _("A pawn that reaches rank 8 or 9 becomes a queen, the only choice in this game. "
                  "This one steps from Fa7 to the far rank of Black's main board.")),
    ),
}


def worked_examples(variant_key: str) -> list[dict]:
    """The variant's examples with the engine's facts: the position to draw, the move (its
    readable form), the checking pieces, the king's escapes, the pawn's moves. [] for a variant
    without examples."""
    variant = engine.variant_by_key(variant_key)
    names = variant.geometry.names
    shown = []
    for example in EXAMPLES.get(variant_key, ()):
        pos = engine.Position(example.fen, variant)
        item = {"key": example.key, "title": example.title, "text": example.text, "before": example.fen}
        if example.key == "pawn":
            moves = [pos.coord(m) for m in pos.legal_moves() if pos.coord(m).startswith(example.move)]
            item |= {"fen": example.fen, "from": example.move, "moves": moves,
                     "facts": gettext("Its moves: %(cells)s.")
                     % {"cells": ", ".join(m[len(example.move):] for m in moves)}}
        else:
            move = pos.parse_coord(example.move)
            san = pos.san(move)
            pos.push(move)
            replies = [pos.coord(m) for m in pos.legal_moves()]
            checkers = [names[c] for c in pos.checkers()]
            facts = [f"{san}."]
            if replies and checkers:
                king = names[pos.king(pos.turn)]
                escapes = [r[len(king):] for r in replies if r.startswith(king)]
                if not escapes:  # replies but no king move: only a block or a capture helps
                    fact = gettext("The king on %(king)s has no cell to go to; it can be shielded "
                                   "or the checker taken.")
                elif len(escapes) == len(replies):
                    fact = gettext("The king on %(king)s can go to %(cells)s.")
                else:
                    fact = gettext("The king on %(king)s can go to %(cells)s, or be shielded or "
                                   "the checker taken.")
                facts.append(fact % {"king": king, "cells": ", ".join(escapes)})
            elif checkers:
                facts.append(gettext("No legal reply."))
            item |= {"fen": pos.fen(), "move": example.move, "san": san, "checkers": checkers,
                     "replies": replies, "mate": pos.is_checkmate(), "facts": " ".join(facts)}
        shown.append(item)
    return shown
