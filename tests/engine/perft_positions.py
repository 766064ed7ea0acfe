"""Positions (and their perft counts) shared by the perft and cross-check tests.

Every count here was computed by the fast generator AND by the naive generator in
naive_raumschach.py (which shares no code with engine/); the tests recompute the cheap ones
with both on every run.
"""
START = "rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1"

# name -> (position string, [perft 1, 2, 3, ...])
POSITIONS = {
    # Start position.  Depth 4 was checked once against the naive generator root move by root
    # move (`python tests/engine/naive_raumschach.py 4`: all 61 subtotals identical; about an
    # hour of CPU).  Depth 5 by the fast generator alone: 1,100,404,403.
    "start": (START, [61, 3615, 237316, 15587032]),
    # White pawns about to promote by push (Ec4), by push up (Dd5) and by capture (De4xEe5);
    # Black's pawn on Ad2 promotes on Ad1 or by capturing the knight on Ac1.
    "promotions": ("4r/2P2/5/5/5|3P1/4P/5/5/5|k4/5/5/5/5|5/5/5/5/5|5/5/5/3p1/K1N2 w 0 1", [39, 1029, 35402]),
    "promotions, black to move": ("4r/2P2/5/5/5|3P1/4P/5/5/5|k4/5/5/5/5|5/5/5/5/5|5/5/5/3p1/K1N2 b 0 1", [33, 1044, 30689]),
    # White king Ac1: rook Cc1 pinned by rook Ec1 (file line), knight Bc2 by bishop Cc3,
    # pawn Bb2 by unicorn Ca3.
    "pins": ("4k/5/5/5/2r2|5/5/5/5/5|5/5/u1b2/5/2R2|5/5/5/1PN2/5|5/5/5/5/2K2 w 0 1", [12, 532, 18117]),
    # As "pins" without the knight: the bishop on Cc3 checks; pinned pieces cannot block.
    "check": ("4k/5/5/5/2r2|5/5/5/5/5|5/5/u1b2/5/2R2|5/5/5/1P3/5|5/5/5/5/2K2 w 0 1", [9, 414, 9703]),
    # An open middlegame with every piece kind and contact between the armies.
    "middlegame": (
        "r1k1r/p1p1p/2n2/5/5|u1q1b/1p1p1/5/2b2/5|5/2P2/1N1u1/5/5|5/P1P1P/2B2/5/B1Q2|5/1P1P1/5/5/R1K1R w 0 1",
        [105, 8756, 865494],
    ),
}
