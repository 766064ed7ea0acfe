"""Kept for callers of the old path; the helpers live in `games.positions` (reads use them too,
and selectors never import services)."""
from games.positions import (checker_cells, legal_move_coords, position_for,  # noqa: F401
                             position_keys, result_for_winner, result_for_winner_color)
