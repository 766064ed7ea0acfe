"""The Raumschach search: alpha-beta engine, evaluation and the bot levels.

    from engine.search import choose_move, LEVELS
    result = choose_move(pos, level=3, seed=42)   # .move .score .depth .nodes .pv

See searcher.py (search features), evaluate.py (evaluation terms), levels.py (levels),
reference.py (the Maackesgeist reference opponent) and match.py (engine matches).
"""
from engine.search.levels import LEVELS, Level, choose_move
from engine.search.searcher import MATE, SearchInfo, SearchLimits, SearchResult, Searcher, format_score

__all__ = ["LEVELS", "Level", "choose_move", "MATE", "SearchInfo", "SearchLimits", "SearchResult", "Searcher",
           "format_score"]
