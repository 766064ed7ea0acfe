"""Rounds: pairing them, creating their games, recording results and moving on. Every function
here runs with the tournament's row locked by the caller (services.py) or locks it itself, so
two game endings at once cannot both pair the next round.

Round robin: all rounds of the Berger tables are paired and their games created at the start
(correspondence: every game runs at once). Swiss: round 1 at the start; each next round when
the last game of the current one ends (the game_ending receiver records the result in the
game's transaction; after its commit `advance_later` hands `tournament_advance` to the
background, and the periodic sweep `services.tournaments_sweep` catches any advance lost to a
crash in between).
"""
from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from core import background

from games.services import game_create_paired
from games.services.commit import after_commit

from . import events, signals
from .arena import FreePlayer, arena_pairs
from .berger import round_robin_schedule
from .models import Entrant, Pairing, Tournament
from .selectors import boards_of, standings_of
from .standings import BYE
from .swiss import NoPairing, SwissEntrant, swiss_pair

logger = logging.getLogger(__name__)


def _create_games(tournament: Tournament, round_number: int, pairs: list[tuple],
                  users: dict[int, object]) -> list[tuple[int, int | None, int | None, str | None]]:
    """Store the round's pairings and start their games: [(white, black, game key, game public
    id)], black and the game None for a bye."""
    made = []
    for white_id, black_id in pairs:
        if black_id is None:
            Pairing.objects.create(tournament=tournament, round=round_number, white_id=white_id,
                                   result=BYE)
            made.append((white_id, None, None, None))
            continue
        game = game_create_paired(white=users[white_id], black=users[black_id],
                                  variant=tournament.variant,
                                  variant_options=tournament.variant_options,
                                  days_per_move=tournament.days_per_move,
                                  clock_limit=tournament.clock_limit,
                                  clock_increment=tournament.clock_increment,
                                  rated=tournament.rated, tournament_id=tournament.pk)
        Pairing.objects.create(tournament=tournament, round=round_number, white_id=white_id,
                               black_id=black_id, game=game)
        made.append((white_id, black_id, game.pk, game.public_id))
    return made


def _announce(tournament: Tournament, round_number: int | None, made: list[tuple],
              *, mail: bool = True) -> None:
    """After commit: each player hears of their new games (the header's notification socket)
    and the round_started signal goes out (notify mails it; not for an arena's live pairings,
    which come minutes apart). `round_number` None: a round robin's every round, or an arena's
    pairing, told once."""
    games: dict[int, list[str]] = {}
    for white_id, black_id, _, public_id in made:
        for player in (white_id, black_id):
            if player is not None:
                games.setdefault(player, [])
                if public_id is not None:
                    games[player].append(public_id)
    after_commit(events.publish_round_started, tournament_id=tournament.pk, name=tournament.name,
                 round_number=round_number, games=games)
    if mail:
        after_commit(_send_round_started, tournament_id=tournament.pk,
                     round_number=round_number, pairings=[(w, b, key) for w, b, key, _ in made])


def _send_round_started(**kwargs) -> None:
    for receiver, result in signals.round_started.send_robust(sender=Tournament, **kwargs):
        if isinstance(result, Exception):
            logger.error("receiver %r of round_started failed: %r", receiver, result)


def start_round_robin(tournament: Tournament, entrants: list[Entrant]) -> None:
    by_seed = {e.seed: e.user_id for e in entrants}
    users = {e.user_id: e.user for e in entrants}
    schedule = round_robin_schedule(len(entrants), double=tournament.double)
    tournament.rounds = len(schedule)
    tournament.current_round = len(schedule)  # every round is under way at once
    made = []
    for number, pairs in enumerate(schedule, start=1):
        made += _create_games(tournament, number, [(by_seed[w], by_seed[b]) for w, b in pairs],
                              users)
    _announce(tournament, None, made)


def pair_swiss_round(tournament: Tournament, entrants: list[Entrant], round_number: int,
                     pairings: list[Pairing]) -> bool:
    """Pair and start Swiss round `round_number`; False when no pairing exists (the
    tournament then ends early, as lichess ends a Swiss nobody can be paired in)."""
    active = [e for e in entrants if not e.withdrawn]
    if len(active) < 2:
        return False
    swiss_entrants = [SwissEntrant(player=e.user_id, seed=e.seed, rating=e.rating,
                                   active=not e.withdrawn) for e in entrants]
    try:
        pairs = swiss_pair(swiss_entrants, boards_of(pairings), rounds=tournament.rounds)
    except NoPairing:
        logger.info("tournament %s: no pairing for round %d", tournament.pk, round_number)
        return False
    if not any(black is not None for _, black in pairs):
        return False
    tournament.current_round = round_number
    made = _create_games(tournament, round_number, pairs, {e.user_id: e.user for e in entrants})
    _announce(tournament, round_number, made)
    return True


def record_result(*, game) -> str | None:
    """Inside the transaction that ends `game` (games.signals.game_ending): its pairing's
    result. A game aborted before both sides moved (a first move never made in time) is a
    forfeit loss for the player who was to move. Returns the tournament's id, or None."""
    if game.tournament_id is None:
        return None
    if game.status == "aborted":
        result = "0-1" if game.turn == "white" else "1-0"
        forfeit = True
    else:
        result, forfeit = game.result, False
    # The game's own end time (set in this transaction): whether it counts in an arena is a
    # fact of the game, the same for anyone who reads it back from the game's record.
    ended = game.ended_at or timezone.now()
    ends_at = (Tournament.objects.filter(pk=game.tournament_id)
               .values_list("ends_at", flat=True).first())
    Pairing.objects.filter(game_id=game.pk, result="").update(
        result=result, forfeit=forfeit, ended_at=ended, counts=ends_at is None or ended < ends_at)
    return game.tournament_id


ADVANCE_TASK = "tournaments.tasks.advance"  # tournaments/tasks.py, found by name


def advance_later(*, tournament_id: str) -> None:
    """Run `tournament_advance` in the background: the `tournaments` thread of this process,
    or the Celery task on the default queue with a broker. Off the request that ended a game
    (or let a player into a running arena), which never waits for a pairing. Exactly once
    however many are asked at once: each advance locks the tournament's row and pairs only
    what the stored pairings leave to pair."""
    background.submit(ADVANCE_TASK, tournament_id, pool="tournaments",
                      what=f"tournament {tournament_id}: advance;")


def tournament_advance(*, tournament_id: str) -> bool:
    """After a game of the tournament ended: pair the next Swiss round once the current one is
    complete, or finish the tournament after its last round. Returns whether it moved on."""
    moved = False
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status != Tournament.Status.STARTED:
            return False
        pairings = list(Pairing.objects.filter(tournament=tournament).order_by("round", "id"))
        if tournament.system == Tournament.System.ARENA:
            entrants = list(Entrant.objects.filter(tournament=tournament)
                            .select_related("user").order_by("seed"))
            if tournament.ends_at is not None and timezone.now() >= tournament.ends_at:
                finish(tournament, entrants, pairings)
                moved = True
            else:
                moved = pair_arena(tournament, entrants, pairings)
        elif all(p.result for p in pairings):
            entrants = list(Entrant.objects.filter(tournament=tournament)
                            .select_related("user").order_by("seed"))
            next_round = tournament.current_round + 1
            swiss = tournament.system == Tournament.System.SWISS
            if not (swiss and next_round <= (tournament.rounds or 0)
                    and pair_swiss_round(tournament, entrants, next_round, pairings)):
                finish(tournament, entrants, pairings)
            else:
                tournament.save(update_fields=["current_round"])
            moved = True
        after_commit(events.publish_tournament, tournament_id=tournament.pk)
    return moved


def pair_arena(tournament: Tournament, entrants: list[Entrant], pairings: list[Pairing]) -> bool:
    """Pair the arena's free players (in no running game, not withdrawn); whether any was."""
    if tournament.ends_at is not None and timezone.now() >= tournament.ends_at:
        return False
    busy = {p for pairing in pairings if not pairing.result
            for p in (pairing.white_id, pairing.black_id)}
    points = {line["player"]: int(line["score"]) for line in standings_of(tournament, entrants,
                                                                          pairings)}
    last: dict[int, int] = {}
    whites: dict[int, int] = {}
    for pairing in sorted(pairings, key=lambda p: p.id):
        last[pairing.white_id], last[pairing.black_id] = pairing.black_id, pairing.white_id
        whites[pairing.white_id] = whites.get(pairing.white_id, 0) + 1
    free = [FreePlayer(player=e.user_id, points=points.get(e.user_id, 0), rating=e.rating,
                       last_opponent=last.get(e.user_id), whites=whites.get(e.user_id, 0))
            for e in entrants if not e.withdrawn and e.user_id not in busy]
    pairs = arena_pairs(free)
    if not pairs:
        return False
    tournament.current_round += 1  # an arena counts its pairings, not rounds
    made = _create_games(tournament, tournament.current_round, pairs,
                         {e.user_id: e.user for e in entrants})
    tournament.save(update_fields=["current_round"])
    _announce(tournament, None, made, mail=False)
    return True


def finish(tournament: Tournament, entrants: list[Entrant], pairings: list[Pairing]) -> None:
    lines = standings_of(tournament, entrants, pairings)
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = timezone.now()
    shared = len(lines) > 1 and lines[1]["rank"] == lines[0]["rank"]
    tournament.winner_id = lines[0]["player"] if lines and not shared else None
    tournament.save(update_fields=["status", "finished_at", "winner", "current_round"])
