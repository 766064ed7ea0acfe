"""Texel's tuning of one game's evaluation weights (issue 42), from scripts/texel_positions.py's
labelled positions.

    python3 scripts/texel_tune.py --variant raumschach /tmp/texel/raumschach.txt [--write]

Needs numpy (the machine's python3 has it; the project's venv has not: the engine itself needs
none).  Steps:

1. trace: each position's evaluation (engine/search/evaluate.py) is split into features, the
   coefficients of the weights tuned here, plus a fixed rest; the trace is checked against
   ``Evaluator().evaluate`` on every position at today's weights (an AssertionError otherwise).
   Positions the evaluation scores outside its terms (a bare king, insufficient material)
   are left out.
2. K: the scale of ``1 / (1 + 10 ** (-K * eval / 400))`` minimising the mean squared error
   against the results at today's weights (golden-section search).
3. fit: Adam on that error plus an L2 pull toward today's weights, K fixed, the weights
   starting from today's; the file's last tenth (later games) is held out, and of the penalty
   strengths tried (``--l2``) the one with the least held-out error is kept.
4. integers: the weights rounded; with ``--write`` they become the game's entry in
   engine/tuned_weights.py's TUNED (the other games' entries, and PENDING, are kept): the
   entry is then to be matched against the weights before it (SPRT, docs/performance.md), and
   moved to PENDING or removed unless the match accepts it.  The tuner starts from the weights
   in force: to remake an entry from the hand-set weights, remove it first.

Tuned (linear once the phase is fixed): material per kind, middlegame and endgame (the pawn's
middlegame value stays 100: the unit); each kind's piece-square bonus as a percentage of
today's, mg and eg; mobility per reachable cell per kind, mg and eg; the pair bonus per kind,
mg and eg.  Fixed: pawn structure, king safety (the attack term is squared and capped, the
shelter shared as a constant by both cores), the tempo and the reserve (hand) term.
"""
from __future__ import annotations

import argparse
import math
import pprint
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Position  # noqa: E402 (after the path)
from engine.pieces import BLACK_BIT, COLOR_SHIFT, ENEMY_RANGE, KIND_MASK, PAWN  # noqa: E402
from engine.search import evaluate as ev  # noqa: E402
from engine.variants import variant_by_key  # noqa: E402

TUNED_FILE = Path(__file__).resolve().parent.parent / "engine" / "tuned_weights.py"
GROUPS = ("value_mg", "value_eg", "psq_mg", "psq_eg", "mob_mg", "mob_eg", "pair_mg", "pair_eg")


class Layout:
    """The tuned weights of one variant: (group, kind) -> column."""

    def __init__(self, variant) -> None:
        t = ev.tables(variant)
        kinds = sorted(variant.kinds)
        royal = variant.royal_kind
        self.columns: list[tuple[str, int]] = []
        for g in GROUPS:
            for k in kinds:
                if g.startswith("value") and (k == royal or (g == "value_mg" and k == PAWN)):
                    continue
                if g.startswith("mob") and (k == PAWN or k == royal):
                    continue
                if g.startswith("pair") and t.pair_class[k] is None:
                    continue
                self.columns.append((g, k))
        self.index = {c: i for i, c in enumerate(self.columns)}

    def current(self, variant) -> np.ndarray:
        """Today's weights in column order."""
        w = ev.weights(variant)
        return np.array([_current(variant, w, g, k) for g, k in self.columns])


def _current(variant, w, g: str, k: int) -> float:
    if g == "value_mg":
        return variant.value_mg[k]
    if g == "value_eg":
        return variant.value_eg[k]
    if g.startswith("psq"):
        return 100.0  # today's bonus, as a percentage
    return float(getattr(w, g)[k])


def trace(pos, variant, layout: Layout, weights) -> tuple[np.ndarray, float, int] | None:
    """(coefficients, constant, fixed): White's evaluation = coefficients . weights + constant
    before flooring (``fixed``: the fixed terms' phase-weighted sum, for :func:`check`); None for
    a position scored outside the terms."""
    t = ev.tables(variant)
    b = pos
    sq = b.sq
    total = t.phase_total
    phase = min(b.phase, total)
    wp, bp = b.occupied
    if t.bare_royal_loses and (len(wp) == 1) != (len(bp) == 1):
        return None
    if b.pawn_hash == 0 and phase <= 1 and not b.unmoved:
        return None
    n = len(layout.columns)
    mg_f = np.zeros(n)
    eg_f = np.zeros(n)
    fixed_mg = fixed_eg = 0
    idx = layout.index
    vmg, veg = variant.value_mg, variant.value_eg
    for side, own in ((0, wp), (1, bp)):
        sign = 1 if side == 0 else -1
        for c in own:
            code = sq[c]
            k = code & KIND_MASK
            bonus_mg = variant.pst_mg[code][c] - sign * vmg[k]
            bonus_eg = variant.pst_eg[code][c] - sign * veg[k]
            for g, f, v in (("value_mg", mg_f, vmg[k]), ("value_eg", eg_f, veg[k])):
                j = idx.get((g, k))
                if j is None:
                    fixed = sign * v
                    if g == "value_mg":
                        fixed_mg += fixed
                    else:
                        fixed_eg += fixed
                else:
                    f[j] += sign
            mg_f[idx[("psq_mg", k)]] += bonus_mg / 100.0
            eg_f[idx[("psq_eg", k)]] += bonus_eg / 100.0
    ps = ev.pawn_structure([c for c in wp if sq[c] == PAWN], [c for c in bp if sq[c] == PAWN | BLACK_BIT], t)
    fixed_mg += ps[0]
    fixed_eg += ps[1]
    kings = b.kings
    for side in (0, 1):
        own = wp if side == 0 else bp
        elo, ehi = ENEMY_RANGE[side]
        sign = 1 if side == 0 else -1
        near_enemy_king = t.near2[kings[side ^ 1]]
        king_attack = 0
        parts: dict[int, int] = {}
        for c in own:
            kind = sq[c] & KIND_MASK
            if kind == PAWN or kind == t.royal:
                continue
            cnt = ev.mobility(sq, t.mob_leaps[kind], t.mob_rays[kind], c, elo, ehi)
            if t.pair_class[kind] is not None:
                parts[kind] = parts.get(kind, 0) | 1 << t.pair_class[kind][c]
            mg_f[idx[("mob_mg", kind)]] += sign * cnt
            eg_f[idx[("mob_eg", kind)]] += sign * cnt
            if c in near_enemy_king:
                king_attack += weights.king_attack[kind]
        for kind, mask in parts.items():
            if mask & (mask - 1):
                mg_f[idx[("pair_mg", kind)]] += sign
                eg_f[idx[("pair_eg", kind)]] += sign
        king_attack = min(king_attack, ev.KING_ATTACK_CAP)
        fixed_mg += sign * ((king_attack * king_attack) // 4)
        own_pawn = PAWN | (side << COLOR_SHIFT)
        shelter = sum(1 for x in t.shelter[side][kings[side]] if sq[x] == own_pawn)
        fixed_mg += sign * ev.SHELTER_BONUS * min(shelter, ev.SHELTER_MAX)
    # the mg group's columns carry the phase, the eg group's the rest
    mg_cols = np.array([g.endswith("_mg") for g, _ in layout.columns])
    coef = np.where(mg_cols, mg_f * phase, eg_f * (total - phase)) / total
    hand = ev.hand_term(b) if b.reserves[0] | b.reserves[1] else 0
    tempo = ev.TEMPO if b.side == 0 else -ev.TEMPO
    const = (fixed_mg * phase + fixed_eg * (total - phase)) / total + hand + tempo
    return coef, const, (fixed_mg * phase + fixed_eg * (total - phase))


def check(pos, coef, const_raw, w0, total) -> None:
    """The trace reproduces the evaluation exactly (the same flooring, the mover's view)."""
    raw = int(round(float(coef @ w0) * total)) + const_raw
    hand = ev.hand_term(pos) if pos.reserves[0] | pos.reserves[1] else 0
    want = (raw if pos.side == 0 else -raw) // total + (hand if pos.side == 0 else -hand) + ev.TEMPO
    got = ev.Evaluator().evaluate(pos)
    assert got == want, (pos.fen(), got, want)


def load(path: str, variant, layout: Layout) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    w0 = layout.current(variant)
    weights = ev.weights(variant)
    rows, consts, results = [], [], []
    total = ev.tables(variant).phase_total
    for line in open(path):
        result, fen = line.rstrip("\n").split("\t")
        pos = Position.from_fen(fen, variant)
        got = trace(pos, variant, layout, weights)
        if got is None:
            continue
        coef, const, const_raw = got
        check(pos, coef, const_raw, w0, total)
        rows.append(coef)
        consts.append(const)
        results.append(float(result))
    return np.array(rows), np.array(consts), np.array(results)


def error(e: np.ndarray, r: np.ndarray, k: float) -> float:
    return float(np.mean((r - 1.0 / (1.0 + 10.0 ** (-k * e / 400.0))) ** 2))


def fit_k(e: np.ndarray, r: np.ndarray) -> float:
    lo, hi = 0.05, 4.0
    phi = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - phi * (hi - lo), lo + phi * (hi - lo)
        if error(e, r, a) < error(e, r, b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


# The prior's spread per group: the L2 penalty pulls each weight toward today's in these units.
PRIOR = {"value": 100.0, "psq": 50.0, "mob": 2.0, "pair": 20.0}
# Adam's step per group, in the weight's own unit (its moves are about this size per step):
# a centipawn of material moves the score far less than a centipawn per reachable cell.
STEP = {"value": 2.0, "psq": 1.0, "mob": 0.05, "pair": 0.5}


def fit(x: np.ndarray, c: np.ndarray, r: np.ndarray, k: float, w0: np.ndarray, steps: int, lr: float,
        columns: list[tuple[str, int]], l2: float) -> np.ndarray:
    """Adam on the mean squared error plus ``l2`` times the squared distance from today's
    weights (in PRIOR units), ``lr`` times each group's STEP a step, decaying to a tenth."""
    scale = np.array([STEP[g.split("_")[0]] for g, _ in columns])
    prior = np.array([PRIOR[g.split("_")[0]] for g, _ in columns])
    w = w0.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    s = k * math.log(10) / 400.0
    for i in range(1, steps + 1):
        e = x @ w + c
        p = 1.0 / (1.0 + np.exp(-s * e))
        g = x.T @ (-2.0 * (r - p) * p * (1 - p) * s) / len(r) + 2.0 * l2 * (w - w0) / prior ** 2
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        rate = lr * scale * (0.1 ** (i / steps))
        w -= rate * (m / (1 - 0.9 ** i)) / (np.sqrt(v / (1 - 0.999 ** i)) + 1e-12)
    return w


def write(key: str, entry: dict) -> None:
    namespace: dict = {}
    if TUNED_FILE.exists():
        exec(TUNED_FILE.read_text(), namespace)
    tuned = dict(namespace.get("TUNED", {}))
    tuned[key] = entry
    pending = dict(namespace.get("PENDING", {}))
    head = TUNED_FILE.read_text().split("TUNED = ", 1)[0] if TUNED_FILE.exists() else '"""Tuned weights."""\n\n'
    TUNED_FILE.write_text(head + "TUNED = " + pprint.pformat(tuned, width=110) + "\n\nPENDING = "
                          + pprint.pformat(pending, width=110) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("positions")
    ap.add_argument("--variant", default="raumschach")
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--lr", type=float, default=1.0)
    ap.add_argument("--l2", type=float, nargs="+", default=[1e-5, 1e-4, 1e-3],
                    help="penalty strengths tried; the best on the held-out games is kept")
    ap.add_argument("--write", action="store_true", help="write the game's entry in engine/tuned_weights.py")
    args = ap.parse_args()
    variant = variant_by_key(args.variant)
    layout = Layout(variant)
    w0 = layout.current(variant)
    # The trace takes a minute per 50,000 positions: kept next to the positions, for the same
    # file and weights.
    cache = Path(args.positions + ".npz")
    if cache.exists() and cache.stat().st_mtime > Path(args.positions).stat().st_mtime:
        saved = np.load(cache)
        if saved["w0"].shape == w0.shape and (saved["w0"] == w0).all():
            x, c, r = saved["x"], saved["c"], saved["r"]
        else:
            cache = None
    if not cache or not cache.exists():
        x, c, r = load(args.positions, variant, layout)
        np.savez(Path(args.positions + ".npz"), x=x, c=c, r=r, w0=w0)
    # The last tenth of the file is held out: later games, not positions of the training's games.
    held = np.arange(len(r)) >= len(r) * 9 // 10
    xt, ct, rt = x[~held], c[~held], r[~held]
    k = fit_k(xt @ w0 + ct, rt)
    before = error(xt @ w0 + ct, rt, k), error(x[held] @ w0 + c[held], r[held], k)
    best = None
    for l2 in args.l2:
        w = np.round(fit(xt, ct, rt, k, w0, args.steps, args.lr, layout.columns, l2))
        after = error(xt @ w + ct, rt, k), error(x[held] @ w + c[held], r[held], k)
        print(f"l2 {l2:g}: error {after[0]:.6f}, held out {after[1]:.6f}")
        if best is None or after[1] < best[2][1]:
            best = (l2, w, after)
    l2, wi, after = best
    print(f"{args.variant}: {len(r)} positions ({held.sum()} held out), K = {k:.4f}, l2 {l2:g}")
    print(f"error before {before[0]:.6f} (held out {before[1]:.6f}), after {after[0]:.6f} (held out {after[1]:.6f})")
    entry: dict = {g: {} for g in GROUPS}
    for (g, kind), old, new in zip(layout.columns, w0, wi):
        print(f"  {g:9} {kind:2} {old:7.0f} -> {new:7.0f}")
        entry[g][kind] = int(new)
    entry = {g: d for g, d in entry.items() if d}
    entry["fit"] = {"positions": int(len(r)), "K": round(k, 4), "l2": l2, "error_before": round(before[0], 6),
                    "error_after": round(after[0], 6), "held_out_before": round(before[1], 6),
                    "held_out_after": round(after[1], 6)}
    if args.write:
        write(args.variant, entry)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
