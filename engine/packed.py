"""The packed move's bit layout (one int, Python and C alike; engine/moves.py explains it and
re-exports these names)."""
FROM_SHIFT = 9
CELL_MASK = (1 << FROM_SHIFT) - 1  # 511
PROMOTION_SHIFT = 18
PLACE_KIND_SHIFT = 22
MOVE_BITS = 26
MOVE_MASK = (1 << MOVE_BITS) - 1
NULL_PACKED = 0  # from Aa1 to Aa1: never a real move, used for null moves
