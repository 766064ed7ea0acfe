"""Scores, tie-breaks and ranks from a tournament's results. Pure: no Django.

Points: a win 1, a draw 1/2, a loss 0, a forfeit win 1 and a forfeit loss 0, a Swiss bye (the
pairing-allocated bye, at most once per player) 1. Scores are kept in half points (integers).

Tie-breaks (docs/architecture.md, "Tournaments"), the plain definitions without virtual
opponents:
- Buchholz: the sum of the final scores of the opponents the player met in finished games
  (played or forfeited; a bye adds nothing).
- Sonneborn-Berger: the sum, over those opponents, of the opponent's final score times the
  points the player took from that game (all of it for a win, half for a draw).
Order: a Swiss by score, Buchholz, Sonneborn-Berger, then wins, then the starting number; a
round robin (where Buchholz says nothing: everyone meets everyone) by score,
Sonneborn-Berger, wins, then the starting number. Players sharing every figure share a rank.
"""
from __future__ import annotations

from dataclasses import dataclass, field

BYE = "bye"


@dataclass(frozen=True)
class Board:
    """One pairing as the standings read it: `black` None for a bye; `result` "" while the
    game runs, else 1-0, 0-1, 1/2-1/2 or "bye"."""

    round: int
    white: int
    black: int | None
    result: str
    forfeit: bool = False


@dataclass
class Line:
    player: int
    seed: int
    halves: int = 0  # score in half points
    buchholz_halves: int = 0
    sb_quarters: int = 0  # Sonneborn-Berger in quarter points (half points times half points)
    wins: int = 0
    played: int = 0
    rank: int = 0
    opponents: list[int] = field(default_factory=list)

    @property
    def score(self) -> float:
        return self.halves / 2

    @property
    def buchholz(self) -> float:
        return self.buchholz_halves / 2

    @property
    def sonneborn_berger(self) -> float:
        return self.sb_quarters / 4


def halves_of(result: str, *, as_white: bool) -> int | None:
    """The half points one side took from `result`; None while the game runs."""
    if result == "1/2-1/2":
        return 1
    if result == "1-0":
        return 2 if as_white else 0
    if result == "0-1":
        return 0 if as_white else 2
    if result == BYE:
        return 2
    return None


def standings(seeds: dict[int, int], boards: list[Board], *, swiss: bool) -> list[Line]:
    """The standings of the players `seeds` (player -> starting number) after `boards`, best
    first, each with its rank."""
    lines = {player: Line(player=player, seed=seed) for player, seed in seeds.items()}
    # (player, opponent, half points taken) per finished game against a real opponent
    met: list[tuple[int, int, int]] = []
    for board in boards:
        if board.black is None:
            if board.result == BYE and board.white in lines:
                lines[board.white].halves += 2
            continue
        white_took = halves_of(board.result, as_white=True)
        if white_took is None:
            continue
        for player, opponent, took in ((board.white, board.black, white_took),
                                       (board.black, board.white, 2 - white_took)):
            if player not in lines:
                continue
            line = lines[player]
            line.opponents.append(opponent)
            line.halves += took
            line.wins += took == 2
            line.played += not board.forfeit
            met.append((player, opponent, took))
    final = {player: line.halves for player, line in lines.items()}
    for line in lines.values():
        line.buchholz_halves = sum(final.get(opponent, 0) for opponent in line.opponents)
    for player, opponent, took in met:
        lines[player].sb_quarters += final.get(opponent, 0) * took

    def key(line: Line) -> tuple:
        if swiss:
            return (-line.halves, -line.buchholz_halves, -line.sb_quarters, -line.wins)
        return (-line.halves, -line.sb_quarters, -line.wins)

    ordered = sorted(lines.values(), key=lambda line: (key(line), line.seed))
    previous = None
    for place, line in enumerate(ordered, start=1):
        line.rank = previous.rank if previous is not None and key(previous) == key(line) else place
        previous = line
    return ordered
