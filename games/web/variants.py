"""The variant descriptor the pages embed: what the browser draws a board from
(docs/variant-seam.md section 5). The engine's ``Variant.describe()`` is the source; until a
variant offers one, the cube's descriptor is built here the same way, from the engine's own
tables (cell names, colours, piece letters), so no board size is written in the JavaScript.
"""
from __future__ import annotations

from django.urls import NoReverseMatch, reverse

import engine
from engine import geometry
from engine.pieces import PIECE_NAMES, PIECE_SYMBOLS

# Piece pictures are named by kind (static/games/pieces/<image>.svg).
RAUMSCHACH_SUMMARY = "Maack's 1907 chess in a 5×5×5 cube: five levels, unicorns on the 3D diagonals."


def rules_url(key: str) -> str:
    try:
        return reverse("rules", args=[key])
    except NoReverseMatch:
        return ""


def cube_descriptor(*, key: str, name: str, summary: str, pieces: list[tuple[str, str]], royal: str,
                    promotion: list[str], reserve: list[str], fen_fields: list[str],
                    options: dict | None = None) -> dict:
    """A descriptor for a variant on the 5×5×5 cube. ``pieces``: (letter, name) pairs;
    ``royal``: the letter of the piece that can be checked."""
    size = geometry.SIZE
    files = list(geometry.FILE_LETTERS)
    ranks = [str(r + 1) for r in range(size)]
    boards = [{"id": level, "label": level, "width": size, "height": size, "z": i,
               "columns": files, "rows": ranks}
              for i, level in enumerate(geometry.LEVEL_LETTERS)]
    cells = [{"name": geometry.cell_name(c), "board": geometry.cell_level(c),
              "x": geometry.cell_file(c), "y": geometry.cell_rank(c), "dark": geometry.is_dark(c)}
             for c in geometry.CELLS]
    # The position string lists levels E..A, each rank 5..1, each file a..e.
    order = [geometry.make_cell(level, rank, file) for level in reversed(range(size))
             for rank in reversed(range(size)) for file in range(size)]
    return {
        "key": key, "name": name, "summary": summary, "rules": rules_url(key),
        "boards": boards, "cells": cells,
        "cell_pattern": f"[{geometry.LEVEL_LETTERS}][{geometry.FILE_LETTERS}][1-{size}]",
        "placement_order": [geometry.cell_name(c) for c in order],
        "pieces": [{"letter": letter.upper(), "name": piece, "image": piece.replace(" ", "-"),
                    "royal": letter.lower() == royal.lower()} for letter, piece in pieces],
        "promotion": promotion, "reserve": reserve, "fen_fields": fen_fields,
        "options": options or {},
    }


def _raumschach_descriptor() -> dict:
    variant = engine.RAUMSCHACH
    kinds = sorted(variant.kinds, reverse=True)  # king first, pawn last
    return cube_descriptor(
        key=variant.key, name=variant.name, summary=RAUMSCHACH_SUMMARY,
        pieces=[(PIECE_SYMBOLS[k], PIECE_NAMES[k]) for k in kinds],
        royal=PIECE_SYMBOLS[variant.royal_kind],
        promotion=[PIECE_SYMBOLS[k] for k in variant.promotion_kinds], reserve=[],
        fen_fields=["placement", "side", "halfmove", "fullmove"])


def variant_descriptor(key: str) -> dict:
    """The descriptor of the variant ``key`` (an engine.VARIANTS key)."""
    variant = engine.VARIANTS[key]
    if hasattr(variant, "describe"):
        described = dict(variant.describe())
        described.setdefault("rules", rules_url(key))
        return described
    if key != engine.RAUMSCHACH.key:
        raise LookupError(f"variant {key!r} offers no descriptor")
    return _raumschach_descriptor()


def all_descriptors() -> list[dict]:
    """The descriptors of every game the site plays, Raumschach first (the forms' default)."""
    keys = sorted(engine.VARIANTS, key=lambda key: (key != engine.RAUMSCHACH.key, key))
    return [variant_descriptor(key) for key in keys]
