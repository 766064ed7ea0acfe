"""The engine's variants as the site sees them: looked up by key with the site's errors, with
their game options, their cells and move text, and the shapes every answer carries.

The one place the site reaches a variant's geometry (never a cube global of the engine), so a
variant registered in `engine.variants` plays on the site with no edit here.
"""
from __future__ import annotations

from django.utils.translation import gettext as _

from typing import Any

import engine

from games.errors import BadVariantOption, InvalidInput, UnknownVariant

DEFAULT_VARIANT = engine.RAUMSCHACH.key


# What the board in the browser can draw (games/static/games/js): square and hexagonal cells
# (board.js, board3d.js) and boards that move with the pieces on them (stand2d.js, board3d/stand.js:
# the descriptor's pins and board moves). position.js lists the same words (BOARD_DRAWS), and a
# test holds the two lists equal.
BOARD_DRAWS = frozenset({"cells:square", "cells:hex", "movable-boards"})


def board_needs(variant: engine.Variant) -> frozenset[str]:
    """What drawing `variant` takes, in BOARD_DRAWS's words: its cells' shape, and movable
    boards if it has pins."""
    needs = {f"cells:{variant.geometry.cell_shape}"}
    if variant.pins:
        needs.add("movable-boards")
    return frozenset(needs)


def offered(variant: engine.Variant) -> bool:
    """Whether the site offers `variant`: when the board can draw everything it needs. One it
    cannot stays in the engine (command line, bots' search, tests): no form, API or page takes
    it, rather than a game nobody can play."""
    return board_needs(variant) <= BOARD_DRAWS


def variant_keys() -> list[str]:
    """The keys of every variant the site offers (the engine's own modules' and registered
    ones that `offered` accepts)."""
    return sorted(key for key, variant in engine.VARIANTS.items() if offered(variant))


def variant_keys_listed() -> list[str]:
    """The keys of the site's games in the order pages list them (selectors, the home page,
    Bot TV's turn): Raumschach, the site's first game, then the others by key."""
    return sorted(variant_keys(), key=lambda key: (key != DEFAULT_VARIANT, key))


def variant_get(key: object) -> engine.Variant:
    """The variant named `key` (its default options); UnknownVariant naming the known keys."""
    try:
        variant = engine.variants.variant_by_key(key)  # type: ignore[arg-type]
    except engine.variants.UnknownVariantError:
        variant = None
    if variant is None or not offered(variant):
        shown = repr(key)[:40]
        raise UnknownVariant(_("No variant %(key)s; the variants are %(choices)s.")
                             % {"key": shown, "choices": ", ".join(variant_keys())}) from None
    return variant


def variant_with_options(key: object, options: object = None) -> engine.Variant:
    """The variant `key` with game `options` (a dict of option values; None or {} for the
    defaults), checked by the engine (`variant.with_options`). BadVariantOption with the
    engine's message for an unknown option or value."""
    variant = variant_get(key)
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadVariantOption(_("variant_options must be an object of option names and values."))
    if not options:
        return variant
    try:
        return variant.with_options(**options)
    except engine.variants.VariantOptionError as exc:
        raise BadVariantOption(_sentence(str(exc))) from None


def option_values(variant: engine.Variant) -> dict[str, Any]:
    """Every option of `variant` with its value (defaults included): what a game, challenge
    or seek stores, so two seeks compare equal exactly when they play the same rules."""
    return dict(variant.option_values)


def declared_options(variant: engine.Variant) -> dict[str, dict]:
    """The options a variant offers, as its descriptor lists them ({name: {default, label}})."""
    return dict(variant.describe().get("options") or {})


def describe(variant: engine.Variant) -> dict:
    """The variant's descriptor (`variant.describe()`, docs/variant-seam.md section 5), with
    the site's page of its rules."""
    return {**variant.describe(), "rules": rules_url(variant.key)}


def variant_json(key: str) -> dict[str, str]:
    """`{"key", "name"}`: what every game answer, event and export names a game's variant by."""
    variant = engine.VARIANTS.get(key)
    return {"key": key, "name": variant.name if variant is not None else key}


def summary(variant: engine.Variant) -> str:
    return variant.summary


def rules_url(key: str) -> str:
    return f"/rules/{key}/"


# ---- cells and move text: the variant's own, through its geometry ----

def cell_names(variant: engine.Variant) -> tuple[str, ...]:
    return tuple(variant.geometry.names)


def parse_cell(variant: engine.Variant, text: str) -> int:
    """The cell `text` names in `variant`; ValueError (the engine's message) otherwise."""
    return variant.geometry.parse_cell(text)


def missing_cell_note(variant: engine.Variant, text: str) -> str:
    """"; 'Aa5' is not a cell name (...)" for the first cell-shaped part of `text` that names no
    cell of `variant` (the engine's words), else ""."""
    return engine.moves.unknown_cells(text, variant)


def foreign_placement(variant: engine.Variant, text: str) -> "engine.PlacementLetterError | None":
    """The engine's PlacementLetterError if `text` is a coordinate move placing a piece
    `variant` never places (Five Up's `Ab1Ac3/q`), else None."""
    return engine.moves.placement_letter_error(text, variant)


def move_from_coord(variant: engine.Variant, text: str) -> engine.Move:
    """A coordinate move in `variant`'s cell names; engine.MalformedMoveError otherwise."""
    return engine.Move.from_coord(text, variant)


def move_coord(position: engine.Position, move: engine.Move) -> str:
    """`move` in coordinate form, written with the position's variant's cell names."""
    return position.coord(move)


def piece_reach(key: object, piece: str, cell: str) -> dict:
    """Where the piece `piece` (a letter: upper case White) goes and what it attacks from
    `cell` on an otherwise empty board of variant `key` (the rules page's demo), as the engine
    generates it. UnknownVariant; InvalidInput (bad_cell / bad_piece) with the engine's words."""
    from engine.reach import UnknownPieceError, piece_reach as engine_reach

    variant = variant_get(key)
    try:
        at = variant.geometry.parse_cell(cell)
    except ValueError as exc:
        raise InvalidInput(_sentence(str(exc)), code="bad_cell") from None
    try:
        reach = engine_reach(variant, piece, at)
    except UnknownPieceError as exc:
        raise InvalidInput(_sentence(str(exc)), code="bad_piece") from None
    names = variant.geometry.names
    return {"variant": variant_json(variant.key), "piece": piece, "cell": names[at], "fen": reach.fen,
            "moves": [names[c] for c in reach.moves], "attacks": [names[c] for c in reach.attacks]}


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."
