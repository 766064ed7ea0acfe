"""Rule sets on the cube.  ``Position.start(variant=...)``; Raumschach is the default and,
for now, the only one.  ``VARIANTS`` maps ``variant.key`` to the variant."""
from .base import PawnRules, PieceType, Variant
from .raumschach import RAUMSCHACH

VARIANTS = {v.key: v for v in (RAUMSCHACH,)}

__all__ = ["PawnRules", "PieceType", "Variant", "RAUMSCHACH", "VARIANTS"]
