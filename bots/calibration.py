"""Where each built-in bot's rating starts, per variant: measured by matches between the
levels, so a fresh install's bots are settled and listed on the leaderboard from the first day
instead of starting at a provisional 1500 and swinging ~160 points a game (issue 29, item 11).

Each step is one engine match between neighbouring levels, with the command that played it
(the results and their margins: engine/search/README.md and docs/performance.md); a level's
rating is the one below plus the Elo the match measured. A perfect score is entered as its
bound (the Elo of half a game less), which `python -m engine match` prints.

Anchor: Beginner plays uniformly random legal moves; it is put at 600, below any player who
knows the moves (lichess's weakest computer level is rated about that). Only differences were
measured; the anchor is a convention, stated here and in docs/user-guide.md.

A variant without a chain here leaves its bots at the Glicko-2 defaults (provisional).
"""
from __future__ import annotations

from dataclasses import dataclass

ANCHOR = 600.0
# Below ratings.periods.PROVISIONAL_RD (110), so the rating is shown settled; about what
# 40 rated games leave, and it keeps a bot's first games against people from moving it ~160.
SETTLED_RD = 80.0


@dataclass(frozen=True)
class Step:
    level: int  # the stronger level; the weaker is level - 1
    elo: float
    command: str


CHAINS: dict[str, tuple[Step, ...]] = {
    "raumschach": (
        Step(1, 759, "python -m engine match 1 0 --games 40 --max-plies 120 --seed 52"),  # 40/0/0, a bound
        Step(2, 759, "python -m engine match 2 1 --games 40 --max-plies 120 --seed 53"),  # 39/1/0
        Step(3, 407, "python -m engine match 3 2 --games 40 --max-plies 120 --seed 54"),  # 36/1/3
        Step(4, 436, "python -m engine match 4@1 3 --games 40 --seed 63 --cpu-clock"),  # 36/2/2
        Step(5, 407, "python -m engine match 5@1.2 4@0.2 --games 20 --seed 65 --cpu-clock"
                     " (and --seed 66)"),  # 35/3/2 of 40
    ),
    # Five Up's level table (engine/variants/fiveup.py); the ladder of 2026-11-25.
    "fiveup": (
        Step(1, 759, "python -m engine match 1 0 --games 40 --seed 71 --variant fiveup --cpu-clock"),  # 40/0/0, a bound
        Step(2, 512, "python -m engine match 2 1 --games 40 --seed 72 --variant fiveup --cpu-clock"),  # 38/0/2
        Step(3, 255, "python -m engine match 3 2 --games 20 --seed 73 --variant fiveup --cpu-clock"
                     " (and --seed 730)"),  # 29/7/4 of 40
        Step(4, 470, "python -m engine match 4@1 3 --games 20 --seed 74 --variant fiveup --cpu-clock"
                     " (and --seed 740)"),  # 36/3/1 of 40
        Step(5, 636, "python -m engine match 5@0.6 4@0.1 --games 20 --seed 75 --variant fiveup --cpu-clock"
                     " (and --seed 750)"),  # 39/0/1 of 40
    ),
    # Hexagonal Raumschach's native level table (engine/variants/hexraumschach.py: Easy 1,
    # Normal 3, Hard 5); the ladder of 2026-11-28.  Master v Expert ran before the lower levels
    # were re-tuned; Expert and Master were not changed.
    "hexraumschach": (
        Step(1, 759, "python -m engine match 1 0 --games 40 --seed 91 --variant hexraumschach --cpu-clock"),  # 40/0/0, a bound
        Step(2, 759, "python -m engine match 2 1 --games 40 --seed 92 --variant hexraumschach --cpu-clock"),  # 40/0/0, a bound
        Step(3, 636, "python -m engine match 3 2 --games 40 --seed 93 --variant hexraumschach --cpu-clock"),  # 38/2/0
        Step(4, 407, "python -m engine match 4@1 3 --games 20 --seed 94 --variant hexraumschach --cpu-clock"
                     " (and --seed 940)"),  # 34/5/1 of 40
        Step(5, 512, "python -m engine match 5@0.6 4@0.1 --games 20 --seed 850 --variant hexraumschach --cpu-clock"
                     " (and --seed 851)"),  # 36/4/0 of 40
    ),
    # Star Trek's level table (engine/variants/startrek.py); the ladder of 2026-11-28
    # (engine/search/README.md, "Results: Star Trek levels").
    "startrek": (
        Step(1, 759, "python -m engine match 1 0 --games 40 --seed 2641 --variant startrek --cpu-clock"),  # 40/0/0, a bound
        Step(2, 407, "python -m engine match 2 1 --games 40 --seed 2642 --variant startrek --cpu-clock"),  # 35/3/2
        Step(3, 319, "python -m engine match 3 2 --games 40 --seed 2643 --variant startrek --cpu-clock"),  # 33/3/4
        Step(4, 359, "python -m engine match 4@0.1 3 --games 20 --seed 2644 --variant startrek --cpu-clock"
                     " (and --seed 2654)"),  # 32/7/1 of 40
        Step(5, 175, "python -m engine match 5@0.6 4@0.1 --games 12 --seed 2665 --variant startrek --cpu-clock"
                     " (and --seed 2675; --games 20 --seed 2645 and 2655, stopped after 9 and 8)"),  # 25/10/6 of 41
    ),
}


def calibrated_ratings(variant: str) -> dict[int, float]:
    """Level -> starting rating in `variant` ({} when its levels were not measured)."""
    chain = CHAINS.get(variant)
    if not chain:
        return {}
    ratings = {0: ANCHOR}
    for step in chain:
        ratings[step.level] = ratings[step.level - 1] + step.elo
    return ratings


def bot_ratings_seed() -> int:
    """Give every built-in bot its measured starting rating in each calibrated variant where it
    has none yet (idempotent: run after every migrate). Returns how many were created."""
    from ratings.services import rating_seed

    from .models import Bot

    created = 0
    bots = list(Bot.objects.filter(external=False, level__isnull=False).values_list("level", "user_id"))
    for variant in CHAINS:
        start = calibrated_ratings(variant)
        for level, user_id in bots:
            if level in start:
                created += rating_seed(user_id=user_id, variant=variant, rating=start[level], rd=SETTLED_RD)
    return created
