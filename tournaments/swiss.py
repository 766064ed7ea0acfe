"""Swiss pairing by FIDE's Dutch system, through py4swiss (the pairing library
pychess-variants uses; it matches bbpPairings, the FIDE-endorsed reference). Pure: no Django.

The tournament's history is handed to the library as the TRF(x) it reads, built in memory:
each entrant's starting number, rating, score and per round opponent, colour and result. A
player who withdrew is left out of the round (TRF "zeroed ids"); a round they were not paired
in reads as a zero-point bye (Z), the round's pairing-allocated bye as U (1 point).
"""
from __future__ import annotations

from dataclasses import dataclass

from py4swiss.engines import DutchEngine
from py4swiss.engines.common import PairingError
from py4swiss.trf import ParsedTrf
from py4swiss.trf.codes import PlayerCode
from py4swiss.trf.results import ColorToken, ResultToken, RoundResult
from py4swiss.trf.sections import PlayerSection, XSection

from .standings import Board, halves_of

__all__ = ["NoPairing", "SwissEntrant", "swiss_pair"]


class NoPairing(Exception):
    """No pairing satisfies the Dutch system's absolute criteria (e.g. everyone has met)."""


@dataclass(frozen=True)
class SwissEntrant:
    player: int
    seed: int  # starting number, 1..n with no gap
    rating: int
    active: bool = True  # False: withdrawn, not paired any more


_TOKENS = {(2, False): ResultToken.WIN, (1, False): ResultToken.DRAW, (0, False): ResultToken.LOSS,
           (2, True): ResultToken.FORFEIT_WIN, (0, True): ResultToken.FORFEIT_LOSS,
           (1, True): ResultToken.DRAW}


def _results_of(player: int, seed_of: dict[int, int], boards_by_round: list[list[Board]]
                ) -> tuple[list[RoundResult], int]:
    results, halves = [], 0
    for boards in boards_by_round:
        entry = RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED,
                            result=ResultToken.ZERO_POINT_BYE)
        for board in boards:
            if board.white != player and board.black != player:
                continue
            if board.black is None:
                entry = RoundResult(id=0, color=ColorToken.BYE_OR_NOT_PAIRED,
                                    result=ResultToken.PAIRING_ALLOCATED_BYE)
                halves += 2
                break
            as_white = board.white == player
            took = halves_of(board.result, as_white=as_white)
            if took is None:
                raise ValueError("a round is paired only once the previous one is complete")
            opponent = board.black if as_white else board.white
            entry = RoundResult(id=seed_of[opponent],
                                color=ColorToken.WHITE if as_white else ColorToken.BLACK,
                                result=_TOKENS[(took, board.forfeit)])
            halves += took
            break
        results.append(entry)
    return results, halves


def swiss_pair(entrants: list[SwissEntrant], boards: list[Board], *, rounds: int
               ) -> list[tuple[int, int | None]]:
    """The next round's (white, black) pairs, black None for the bye, after `boards` (every
    board of the rounds played, each finished). Raises NoPairing when none is possible."""
    seed_of = {e.player: e.seed for e in entrants}
    player_of = {e.seed: e.player for e in entrants}
    played = max((b.round for b in boards), default=0)
    by_round: list[list[Board]] = [[] for _ in range(played)]
    for board in boards:
        by_round[board.round - 1].append(board)
    sections = []
    for entrant in sorted(entrants, key=lambda e: e.seed):
        results, halves = _results_of(entrant.player, seed_of, by_round)
        sections.append(PlayerSection(code=PlayerCode.PLAYER, starting_number=entrant.seed,
                                      name=str(entrant.player), fide_rating=entrant.rating or None,
                                      points_times_ten=halves * 5, rank=entrant.seed,
                                      results=results))
    trf = ParsedTrf(player_sections=sections, x_section=XSection(
        number_of_rounds=max(rounds, played + 1),
        zeroed_ids={e.seed for e in entrants if not e.active}))
    trf.validate_contents()
    try:
        pairs = DutchEngine.generate_pairings(trf)
    except PairingError as exc:
        raise NoPairing(str(exc)) from exc
    return [(player_of[p.white], player_of[p.black] if p.black else None) for p in pairs]
