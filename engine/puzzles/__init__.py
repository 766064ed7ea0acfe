"""Puzzles mined from games with the engine (issue 41; the rules: docs/puzzles.md).

    from engine.puzzles import Puzzle, mine_game, verify, to_json, from_json

``mine_game`` walks one game's positions and returns the puzzles in it: a position where the
side to move has exactly one winning move at the mining depth (a mate, or at least
``WIN_CP`` while every other move leaves at most ``SAFE_CP``), the line continued with the
engine's best replies while the solver's move stays the only one.  ``verify`` re-derives all of
it from the puzzle alone and raises ``PuzzleError`` with the reason when any of it fails.
No Django here: the site's ``puzzles`` app stores them and calls these functions.
"""
from engine.puzzles.judge import MAX_PLIES, SAFE_CP, WIN_CP, PuzzleError
from engine.puzzles.mine import mine_game, mine_position
from engine.puzzles.model import Puzzle, from_json, to_json
from engine.puzzles.verify import verify

__all__ = ["MAX_PLIES", "SAFE_CP", "WIN_CP", "Puzzle", "PuzzleError", "from_json", "mine_game", "mine_position",
           "to_json", "verify"]
