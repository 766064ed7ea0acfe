"""The Raumschach search: alpha-beta engine, evaluation and the bot levels.

    from engine.search import choose_move, LEVELS
    result = choose_move(pos, level=3, seed=42)   # .move .score .depth .nodes .pv

``choose_move`` searches on the chosen core (engine/core.py: native by default, see native.py).
See searcher.py (search features), evaluate.py (evaluation terms), levels.py (levels),
reference.py (the Maackesgeist reference opponent) and match.py (engine matches).
"""
from engine.search.levels import LEVELS, NATIVE_LEVELS, PYTHON_LEVELS, Level, choose_move, levels_for
from engine.search.searcher import MATE, SearchInfo, SearchLimits, SearchResult, Searcher, format_score

__all__ = ["LEVELS", "NATIVE_LEVELS", "PYTHON_LEVELS", "Level", "choose_move", "levels_for", "MATE", "SearchInfo",
           "SearchLimits", "SearchResult", "Searcher", "format_score"]
