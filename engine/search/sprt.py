"""Sequential probability ratio test for engine matches (``python -m engine match --sprt``).

H0: the Elo difference is ``elo0``; H1: it is ``elo1`` (logistic Elo, as ``match.elo``).  The
log-likelihood ratio is the generalised SPRT's (Michel Van den Bergh's, as fishtest computes
it): for each hypothesis, the distribution of outcomes nearest the observed one whose expected
score is that hypothesis's, and LLR = n sum f_i log(p1_i / p0_i) (for many games this is the
familiar n (s1 - s0) (2 x - s0 - s1) / (2 v) with sample mean x and variance v).

The match stops when the LLR leaves ``[log(beta / (1 - alpha)), log((1 - beta) / alpha)]``:
below, H0 is accepted (no gain of ``elo1``); above, H1 (a gain).  Samples are game *pairs*
(pentanomial: each opening is played twice with colours swapped, so the pair's score takes
one of 0, 1/4, 1/2, 3/4, 1), which removes the opening's own bias from the variance; an odd
last game is left out of the LLR until its pair is complete.  The Elo estimate and its 95 %
margin come from the same pair scores (delta method, as ``match.elo_with_margin``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field


REGULARIZE = 1e-3  # weight of an empty pentanomial bin (fishtest's stat_util.regularize)


def expected_score(elo: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """(lower, upper) LLR bounds: below accept H0, above accept H1."""
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError("alpha and beta must be between 0 and 1")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _constrained_mle(freqs: list[float], values: list[float], s: float) -> list[float]:
    """The distribution nearest the observed frequencies (maximum likelihood) whose mean is
    ``s``: ``p_i = f_i / (1 + theta (a_i - s))``, theta found by bisection (the constraint's
    left side falls as theta grows; every denominator stays positive inside the bracket)."""
    lo, hi = -1.0 / (1.0 - s), 1.0 / s
    width = hi - lo
    lo, hi = lo + 1e-12 * width, hi - 1e-12 * width
    for _ in range(200):
        theta = (lo + hi) / 2
        if sum(f * (a - s) / (1 + theta * (a - s)) for f, a in zip(freqs, values)) > 0:
            lo = theta
        else:
            hi = theta
    theta = (lo + hi) / 2
    p = [f / (1 + theta * (a - s)) for f, a in zip(freqs, values)]
    total = sum(p)
    return [x / total for x in p]


def llr(samples: list[float], elo0: float, elo1: float) -> float:
    """The generalised SPRT's log-likelihood ratio of H1 (elo1) against H0 (elo0) for pair
    scores in {0, 1/4, 1/2, 3/4, 1}, as fishtest computes it: for each hypothesis the
    distribution of the five outcomes that best explains the sample with the hypothesis's
    expected score, ``LLR = n sum f_i log(p1_i / p0_i)``.  Empty bins weigh 1e-3 of a sample
    (fishtest's ``regularize``), so a one-sided run decides, though only after enough pairs:
    every pair won adds about log 2 at most."""
    n = len(samples)
    if n < 2:
        return 0.0
    counts = [0.0] * 5
    for x in samples:
        counts[round(x * 4)] += 1
    counts = [max(c, REGULARIZE) for c in counts]
    total = sum(counts)
    freqs = [c / total for c in counts]
    values = [i / 4 for i in range(5)]
    p0 = _constrained_mle(freqs, values, expected_score(elo0))
    p1 = _constrained_mle(freqs, values, expected_score(elo1))
    return n * sum(f * math.log(a / b) for f, a, b in zip(freqs, p1, p0))


def elo_of_samples(samples: list[float]) -> tuple[float, float]:
    """(Elo, 95 % margin) from per-sample scores in [0, 1] (pair scores: the pentanomial
    variance).  A perfect or zero mean is clipped by half a game, as match.elo_with_margin."""
    n = len(samples)
    if n == 0:
        return 0.0, float("inf")
    mean = sum(samples) / n
    var = sum((x - mean) ** 2 for x in samples) / n
    lo, hi = 0.25 / n, 1 - 0.25 / n
    s = min(max(mean, lo), hi)
    slope = 400.0 / (math.log(10) * s * (1.0 - s))
    return -400.0 * math.log10(1.0 / s - 1.0) + 0.0, 1.96 * math.sqrt(var / n) * slope


@dataclass
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    games: list = field(default_factory=list)  # A's score per game, in order (1, 0.5, 0)

    def __post_init__(self) -> None:
        if self.elo1 <= self.elo0:
            raise ValueError("the SPRT needs elo1 > elo0")
        self.lower, self.upper = bounds(self.alpha, self.beta)

    def add(self, score: float) -> None:
        self.games.append(score)

    @property
    def pairs(self) -> list[float]:
        g = self.games
        return [(g[i] + g[i + 1]) / 2 for i in range(0, len(g) - 1, 2)]

    def pentanomial(self) -> list[int]:
        """Counts of pair scores 0, 1/4, 1/2, 3/4, 1 (A's view)."""
        counts = [0] * 5
        for p in self.pairs:
            counts[round(p * 4)] += 1
        return counts

    @property
    def llr(self) -> float:
        return llr(self.pairs, self.elo0, self.elo1)

    def decision(self) -> str | None:
        """"H1" (A is stronger by elo1), "H0" (not), or None (play on)."""
        value = self.llr
        if value >= self.upper:
            return "H1"
        if value <= self.lower:
            return "H0"
        return None

    def line(self) -> str:
        e, margin = elo_of_samples(self.pairs)
        return (f"SPRT elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g}: "
                f"LLR {self.llr:+.2f} ({self.lower:+.2f}, {self.upper:+.2f}); "
                f"pentanomial {self.pentanomial()} of {len(self.pairs)} pairs; "
                f"Elo {e:+.1f} +/- {margin:.1f} (95%)")
