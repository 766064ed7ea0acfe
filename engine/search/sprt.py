"""Sequential probability ratio test for engine matches (``python -m engine match --sprt``).

H0: the Elo difference is ``elo0``; H1: it is ``elo1`` (logistic Elo, as ``match.elo``).  The
log-likelihood ratio is the generalised SPRT's normal approximation (Michel Van den Bergh's,
as cutechess-cli and fishtest use it): with the results' sample mean ``x`` and variance ``v``
per sample, and ``s0`` / ``s1`` the expected scores under H0 / H1,

    LLR = n (s1 - s0) (2 x - s0 - s1) / (2 v)

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


def llr(samples: list[float], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0) for pair scores in
    {0, 1/4, 1/2, 3/4, 1}.  As fishtest's ``regularize``, every empty bin of the five counts
    weighs 1e-3 of a sample, so a one-sided run (all pairs won) has a variance and decides."""
    if len(samples) < 2:
        return 0.0
    counts = [0.0] * 5
    for x in samples:
        counts[round(x * 4)] += 1
    counts = [max(c, REGULARIZE) for c in counts]
    n = sum(counts)
    mean = sum(c * i / 4 for i, c in enumerate(counts)) / n
    var = sum(c * (i / 4 - mean) ** 2 for i, c in enumerate(counts)) / n
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


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
