"""The packed move's bit layout (one int, Python and C alike; engine/moves.py explains it and
re-exports these names)."""
FROM_SHIFT = 9
CELL_MASK = (1 << FROM_SHIFT) - 1  # 511
PROMOTION_SHIFT = 18
PLACE_KIND_SHIFT = 22
# Bits 26..28: flags of a move kind of its own.  Bit 26: a movable board's move (Star Trek's
# attack boards): the from and to fields hold the anchor cells (lowest cell number) of the
# from-pin and the to-pin, so code that reads a move's cells still reads cells.
BOARD_MOVE_FLAG = 1 << 26
# The width of a move with its flags: the Python search keeps ordering scores above it in one
# sortable int (so the flags are never taken for score bits).  The native core, which plays no
# variant with flags yet, keeps 26 (engine/native/search.c) until it does.
MOVE_BITS = 29
MOVE_MASK = (1 << MOVE_BITS) - 1
NULL_PACKED = 0  # from Aa1 to Aa1: never a real move, used for null moves
