"""The engine's variants as the site sees them: looked up by key with the site's errors, with
their game options, their cells and move text, and the shapes every answer carries.

The one place the site reaches a variant's geometry (never a cube global of the engine), so a
variant registered in `engine.variants` plays on the site with no edit here.
"""
from __future__ import annotations

from typing import Any

import engine

from games.errors import BadVariantOption, UnknownVariant

DEFAULT_VARIANT = engine.RAUMSCHACH.key


def variant_keys() -> list[str]:
    return sorted(engine.VARIANTS)


def variant_get(key: object) -> engine.Variant:
    """The variant named `key` (its default options); UnknownVariant naming the known keys."""
    variant = engine.VARIANTS.get(key) if isinstance(key, str) else None
    if variant is None:
        shown = repr(key)[:40]
        raise UnknownVariant(f"No variant {shown}; the variants are {', '.join(variant_keys())}.")
    return variant


def variant_with_options(key: object, options: object = None) -> engine.Variant:
    """The variant `key` with game `options` (a dict of option values; None or {} for the
    defaults), checked by the engine (`variant.with_options`). BadVariantOption with the
    engine's message for an unknown option or value."""
    variant = variant_get(key)
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadVariantOption("variant_options must be an object of option names and values.")
    if not options:
        return variant
    with_options = getattr(variant, "with_options", None)
    if with_options is None:  # an engine variant that declares no options at all
        raise BadVariantOption(f"{variant.name} has no options; it was given "
                               f"{', '.join(sorted(map(str, options)))}.")
    try:
        return with_options(**options)
    except (ValueError, TypeError) as exc:  # the engine's VariantOptionError is a ValueError
        raise BadVariantOption(_sentence(str(exc))) from None


def option_values(variant: engine.Variant) -> dict[str, Any]:
    """Every option of `variant` with its value (defaults included): what a game, challenge
    or seek stores, so two seeks compare equal exactly when they play the same rules."""
    return dict(getattr(variant, "option_values", None) or {})


def declared_options(variant: engine.Variant) -> dict[str, dict]:
    """The options a variant offers, as its descriptor lists them ({name: {default, label}})."""
    return dict(describe(variant).get("options") or {})


def describe(variant: engine.Variant) -> dict:
    """The variant's descriptor (`variant.describe()`, engine/variant-seam section 5)."""
    describe_fn = getattr(variant, "describe", None)
    return describe_fn() if describe_fn is not None else {"key": variant.key, "name": variant.name}


def variant_json(key: str) -> dict[str, str]:
    """`{"key", "name"}`: what every game answer, event and export names a game's variant by."""
    variant = engine.VARIANTS.get(key)
    return {"key": key, "name": variant.name if variant is not None else key}


def summary(variant: engine.Variant) -> str:
    return getattr(variant, "summary", "") or ""


def rules_url(key: str) -> str:
    return f"/rules/{key}/"


# ---- cells and move text: the variant's own, through its geometry ----

def _geometry(variant: engine.Variant):
    geometry = getattr(variant, "geometry", None)
    if geometry is None:
        # The engine before its variant seam: every variant is on the cube of engine.geometry.
        from engine import geometry as cube
        return _CubeGeometry(cube)
    return geometry


class _CubeGeometry:
    """The engine's cube module seen as a `Geometry` (names, parse_cell) until variants carry
    their own (docs/variant-seam.md section 2)."""

    def __init__(self, cube) -> None:
        self.names = tuple(cube.CELL_NAMES)
        self.parse_cell = cube.parse_cell


def cell_names(variant: engine.Variant) -> tuple[str, ...]:
    return tuple(_geometry(variant).names)


def parse_cell(variant: engine.Variant, text: str) -> int:
    """The cell `text` names in `variant`; ValueError (the engine's message) otherwise."""
    return _geometry(variant).parse_cell(text)


def move_from_coord(variant: engine.Variant, text: str) -> engine.Move:
    """A coordinate move in `variant`'s cell names; engine.MalformedMoveError otherwise."""
    try:
        return engine.Move.from_coord(text, variant=variant)
    except TypeError:  # the engine before its variant seam reads the cube's names only
        return engine.Move.from_coord(text)


def move_coord(position: engine.Position, move: engine.Move) -> str:
    """`move` in coordinate form, written with the position's variant's cell names."""
    coord = getattr(position, "coord", None)
    return coord(move) if coord is not None else move.coord()


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."
