"""Arenas (lichess's): no rounds; a free player is paired as soon as another is free, until the
arena's time is up. Pure: no Django.

Scoring (lichess's): a win 2, a draw 1, a loss 0; two wins in a row start a streak ("fire"),
during which a win is worth 4 and a draw 2, until a game is not won. A forfeit (a first move
not made in time) counts as a win or a loss. Only games that ended before the arena did
count. Berserk and lichess's no-points-for-early-draws rule are not part of it. Ties: more
points, then more wins, then the rating at entry (lichess breaks ties by the tournament
performance, which needs ratings the site keeps elsewhere).

Pairing: the free players, best score first (then rating), each paired with the next free
player who was not their last opponent; someone with nobody fit waits for the next free player.
White goes to whichever has had White less often.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ArenaLine:
    player: int
    rating: int
    points: int = 0
    wins: int = 0
    games: int = 0
    streak: int = 0  # wins in a row, now
    sheet: list[str] = field(default_factory=list)  # points per game, e.g. ["2", "2", "4"]
    rank: int = 0

    @property
    def fire(self) -> bool:
        return self.streak >= 2


def arena_scores(ratings: dict[int, int], games: list[tuple[int, int, str]]) -> list[ArenaLine]:
    """Standings from `games`: (white, black, result) in the order they ended, only those that
    count (1-0, 0-1 or 1/2-1/2)."""
    lines = {player: ArenaLine(player=player, rating=rating) for player, rating in ratings.items()}
    for white, black, result in games:
        for player, won, drew in ((white, result == "1-0", result == "1/2-1/2"),
                                  (black, result == "0-1", result == "1/2-1/2")):
            line = lines.get(player)
            if line is None:
                continue
            double = 2 if line.fire else 1
            if won:
                gained = 2 * double
                line.streak += 1
                line.wins += 1
            elif drew:
                gained = 1 * double
                line.streak = 0
            else:
                gained = 0
                line.streak = 0
            line.points += gained
            line.games += 1
            line.sheet.append(str(gained))
    ordered = sorted(lines.values(), key=lambda l: (-l.points, -l.wins, -l.rating, l.player))
    previous = None
    for place, line in enumerate(ordered, start=1):
        same = previous is not None and (previous.points, previous.wins, previous.rating) == (
            line.points, line.wins, line.rating)
        line.rank = previous.rank if same else place
        previous = line
    return ordered


@dataclass(frozen=True)
class FreePlayer:
    player: int
    points: int
    rating: int
    last_opponent: int | None
    whites: int  # games had with White


def arena_pairs(free: list[FreePlayer]) -> list[tuple[int, int]]:
    """(white, black) pairs among the free players; whoever is left waits."""
    queue = sorted(free, key=lambda f: (-f.points, -f.rating, f.player))
    pairs = []
    while queue:
        first = queue.pop(0)
        partner = next((other for other in queue
                        if other.player != first.last_opponent
                        and other.last_opponent != first.player), None)
        if partner is None:
            continue
        queue.remove(partner)
        if partner.whites < first.whites:
            pairs.append((partner.player, first.player))
        else:
            pairs.append((first.player, partner.player))
    return pairs
