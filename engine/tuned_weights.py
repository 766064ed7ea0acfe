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

TUNED = {'raumschach': {'fit': {'K': 0.4776,
                        'error_after': 0.152069,
                        'error_before': 0.161393,
                        'held_out_after': 0.147443,
                        'held_out_before': 0.155592,
                        'l2': 0.0003,
                        'positions': 90008},
                'mob_eg': {2: 4, 3: 3, 4: 3, 5: 3, 6: 2},
                'mob_mg': {2: 4, 3: 3, 4: 2, 5: 3, 6: 1},
                'pair_eg': {3: 41, 5: 24},
                'pair_mg': {3: 30, 5: 19},
                'psq_eg': {1: 132, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100, 7: 106},
                'psq_mg': {1: 104, 2: 99, 3: 100, 4: 101, 5: 104, 6: 100, 7: 97},
                'value_eg': {1: 148, 2: 406, 3: 400, 4: 528, 5: 203, 6: 1240},
                'value_mg': {2: 378, 3: 358, 4: 478, 5: 315, 6: 1218}}}
