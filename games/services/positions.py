"""Kept for callers of the old path; the helpers live in `games.positions` (reads use them too,
and selectors never import services)."""
from games.positions import (legal_move_coords, position_for, position_keys,  # noqa: F401
                             result_for_winner, result_for_winner_color)
