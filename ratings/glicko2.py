"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), pure Python, no Django.

One call rates one player over one rating period; the caller decides what a period is.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178  # the paper's factor between the Glicko and Glicko-2 scales
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
TAU = 0.5  # constrains volatility change; the paper's example and lichess use 0.3..1.2
_EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY


@dataclass(frozen=True)
class Result:
    opponent: Rating
    score: float  # 1 win, 0.5 draw, 0 loss


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    # Step 5 of the paper: the Illinois variant of regula falsi on f(x) = 0.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: list[Result], *, tau: float = TAU) -> Rating:
    """The player's rating after one period with these results.

    With no results only the deviation grows (step 6 alone): inactivity makes a rating less
    certain, never different.
    """
    mu = (player.rating - START_RATING) / SCALE
    phi = player.rd / SCALE
    if not results:
        phi_star = math.sqrt(phi * phi + player.volatility * player.volatility)
        return Rating(player.rating, min(phi_star * SCALE, START_RD), player.volatility)
    v_inverse = 0.0
    improvement = 0.0
    for result in results:
        mu_j = (result.opponent.rating - START_RATING) / SCALE
        phi_j = result.opponent.rd / SCALE
        g_j = _g(phi_j)
        e_j = _expected(mu, mu_j, phi_j)
        v_inverse += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (result.score - e_j)
    v = 1.0 / v_inverse
    delta = v * improvement
    sigma = _new_volatility(phi, player.volatility, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + START_RATING, new_phi * SCALE, sigma)
