"""The rule sets.  ``VARIANTS`` maps ``variant.key`` to the variant; Raumschach is the default.

Every module in this package that defines ``VARIANT`` is found at import (no list to edit);
``register(variant)`` adds one from elsewhere (a test's variant).  ``variant_by_key(key)``
raises ``UnknownVariantError`` (a ValueError) naming the known keys.
"""
from __future__ import annotations

import importlib
import pkgutil

from .base import (
    DoubleStep, LevelTuning, PawnRules, PieceType, UnknownVariantError, Values, Variant, VariantOption,
    VariantOptionError,
)
from .raumschach import RAUMSCHACH

VARIANTS: dict[str, Variant] = {RAUMSCHACH.key: RAUMSCHACH}


def register(variant: Variant) -> Variant:
    """Make ``variant`` known by its key (ValueError if another variant has that key)."""
    known = VARIANTS.get(variant.key)
    if known is not None and known is not variant:
        raise ValueError(f"a variant with key {variant.key!r} is already registered")
    VARIANTS[variant.key] = variant
    return variant


def variant_by_key(key: str) -> Variant:
    try:
        return VARIANTS[key]
    except (KeyError, TypeError):
        raise UnknownVariantError(f"unknown variant {key!r}; variants are {', '.join(sorted(VARIANTS))}") from None


def _discover() -> None:
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name == "base":
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        variant = getattr(module, "VARIANT", None)
        if isinstance(variant, Variant):
            register(variant)


_discover()

__all__ = ["DoubleStep", "LevelTuning", "PawnRules", "PieceType", "UnknownVariantError", "Values", "Variant", "VariantOption",
           "VariantOptionError", "RAUMSCHACH", "VARIANTS", "register", "variant_by_key"]
