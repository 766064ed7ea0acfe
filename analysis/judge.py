"""Judging moves from evaluations, as lichess does: the pure arithmetic of a game review (no
Django, no engine), so it is tested on numbers alone.

An evaluation here is a `Score`: centipawns or mate in n, from White's side. Sources (lichess's
server, lila, module `analyse`; read at the commits named):
- `winning_chances`: WinPercent.scala (16c7afc) `2 / (1 + exp(-k * cp)) - 1` on centipawns
  ceiled at +-1000, a mate counting as the ceiling with its sign; k = 0.00368208, the constant
  of lichess's accuracy page (https://lichess.org/page/accuracy) and of current lila
  (older lila, as in the commit read, had 0.004).
- `judge_move`: Advice.scala (00d02fc): a move whose drop in the mover's winning chances is at
  least 0.3 is a blunder, 0.2 a mistake, 0.1 an inaccuracy (CpAdvice); when mates are involved,
  MateAdvice: a mate against the mover newly forced (MateCreated) is a blunder, a mistake if
  the mover was already below -700 cp, an inaccuracy below -999; a forced mate of the mover's
  lost (MateLost) likewise by the evaluation after it (> 999 inaccuracy, > 700 mistake).
  Unlike lila, the engine's own best move is never judged: re-searched one ply later at the
  same budget its evaluation may wobble, and marking the move it recommends would be absurd.
- `move_accuracy` and `game_accuracy`: AccuracyPercent.scala (0cb3e7c): per move
  103.1668100711649 * exp(-0.04354415386753951 * drop in win %) - 3.166924740191411 + 1,
  clamped to 0..100; per player the mean of a volatility-weighted mean (each move weighted by
  the standard deviation of the win % in a window around it, clamped to 0.5..12; window size
  moves/10 clamped to 2..8) and the harmonic mean. lila starts from an assumed +15 cp; we start
  from the searched evaluation of the game's start position (a game may start anywhere).
"""
from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

K = 0.00368208
CP_CEILING = 1000
THRESHOLDS = ((0.3, "blunder"), (0.2, "mistake"), (0.1, "inaccuracy"))


@dataclass(frozen=True)
class Score:
    """From White's side: `cp` centipawns, or `mate` in n moves (+ White mates, - Black mates;
    0: the side to move is checkmated, and `white_to_move` says who that is)."""
    cp: int | None = None
    mate: int | None = None
    white_to_move: bool = True

    def ceiled_cp(self) -> int:
        """Centipawns within +-CP_CEILING, a mate as the ceiling with the mating side's sign."""
        if self.mate is not None:
            return CP_CEILING * self.mate_sign()
        return max(-CP_CEILING, min(CP_CEILING, self.cp or 0))

    def mate_sign(self) -> int:
        """+1 when White mates, -1 when Black mates (mate 0: the side to move is mated)."""
        if self.mate is None:
            return 0
        if self.mate == 0:
            return -1 if self.white_to_move else 1
        return 1 if self.mate > 0 else -1

    def for_side(self, white: bool) -> tuple[int | None, int | None]:
        """(cp, mate sign) from `white`'s side (True) or Black's."""
        sign = 1 if white else -1
        return (None if self.cp is None else sign * self.cp,
                None if self.mate is None else sign * self.mate_sign())


def winning_chances(score: Score) -> float:
    """White's winning chances in -1..+1."""
    return 2 / (1 + math.exp(-K * score.ceiled_cp())) - 1


def win_percent(score: Score) -> float:
    """White's win % in 0..100."""
    return 50 + 50 * winning_chances(score)


def judge_move(before: Score, after: Score, *, white_moved: bool, best: bool) -> str:
    """The judgement of a move that turned `before` into `after` ("" when none)."""
    if best:
        return ""
    pov = 1 if white_moved else -1
    before_cp, before_mate = before.for_side(white_moved)
    after_cp, after_mate = after.for_side(white_moved)
    if before_mate is None and after_mate is None:
        drop = pov * (winning_chances(before) - winning_chances(after))
        for threshold, name in THRESHOLDS:
            if drop >= threshold:
                return name
        return ""
    # Mates involved (lila's MateAdvice): from the mover's side, +1 = the mover mates.
    if before_mate is None and after_mate == -1:  # a mate against the mover is now forced
        before_cp = before_cp or 0
        return "inaccuracy" if before_cp < -999 else "mistake" if before_cp < -700 else "blunder"
    if before_mate == 1 and after_mate != 1:  # the mover's forced mate is gone
        if after_mate == -1:
            return "blunder"
        after_cp = after_cp or 0
        return "inaccuracy" if after_cp > 999 else "mistake" if after_cp > 700 else "blunder"
    return ""


def move_accuracy(before_win: float, after_win: float) -> float:
    """Accuracy of one move from the mover's win % before and after it (0..100)."""
    if after_win >= before_win:
        return 100.0
    drop = before_win - after_win
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * drop) - 3.166924740191411
    return max(0.0, min(100.0, raw + 1))


def game_accuracy(scores: list[Score], *, white_first: bool) -> dict[str, float | None]:
    """Each player's accuracy over a game: `scores` are the evaluations of the start position
    and after every move (len = moves + 1); `white_first`: White made the first move.
    {"white": %, "black": %}, None for a side that made no move."""
    wins = [win_percent(score) for score in scores]
    moves = len(wins) - 1
    if moves < 1:
        return {"white": None, "black": None}
    window = max(2, min(8, moves // 10))
    windows = [wins[:window]] * (min(window, len(wins)) - 2)
    windows += [wins[i:i + window] for i in range(len(wins) - window + 1)]
    weights = [max(0.5, min(12.0, statistics.pstdev(w))) for w in windows]
    per_side: dict[str, list[tuple[float, float]]] = {"white": [], "black": []}
    for i in range(moves):
        white = (i % 2 == 0) == white_first
        before, after = (wins[i], wins[i + 1]) if white else (100 - wins[i], 100 - wins[i + 1])
        per_side["white" if white else "black"].append((move_accuracy(before, after), weights[i]))
    return {side: _mean_of_means(found) for side, found in per_side.items()}


def _mean_of_means(found: list[tuple[float, float]]) -> float | None:
    if not found:
        return None
    weighted = sum(a * w for a, w in found) / sum(w for _, w in found)
    accuracies = [a for a, _ in found]
    harmonic = 0.0 if min(accuracies) <= 0 else len(accuracies) / sum(1 / a for a in accuracies)
    return (weighted + harmonic) / 2
