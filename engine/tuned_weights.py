"""Evaluation weights per game, tuned by Texel's method on self-play positions (issue 42).

Written by scripts/texel_tune.py (``--write``) from scripts/texel_positions.py's positions; the
commands, seeds and figures are in engine/search/README.md ("Evaluation").  Per game key:
material (``value_mg``, ``value_eg``: centipawns by kind), each kind's piece-square bonus as a
percentage of the variant's bonus function (``psq_mg``, ``psq_eg``), mobility per reachable
cell (``mob_mg``, ``mob_eg``) and the pair bonus (``pair_mg``, ``pair_eg``); ``fit``: the
tuning's figures.  A game without an entry, or a weight an entry leaves out, keeps the hand-set
value (the variant module's, engine/search/evaluate.py's).  engine/variants/base.py applies the
material and piece-square entries, engine/search/evaluate.py the others; both cores read them
from there (engine/native_tables.py).
"""

TUNED = {}
