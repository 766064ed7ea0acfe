"""Takebacks in casual games, by lichess's rules.

A player offers to take back their last move; the opponent accepts or declines. Accepted, the
offerer's last move is taken back, and the opponent's reply with it if there is one since: the
offerer is to move again. Never in rated games. An offer lapses when anyone moves (play.py
clears it) and when the game ends; offering while the opponent's offer stands accepts it; after
a decline no new offer until a move is played.

Taking back is a compare-and-set on the ply like a move (play._act locks the row, _cas_update
writes only at the ply read): the stored moves after the new ply are deleted, and the game's
position string, ply, side to move, repetition keys and clock come from the move now last.
Conditional lines hear of it through `signals.moves_taken_back` in the same transaction.
"""
from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from engine.step import legal_coords, repetition_hashes

from games import events, signals
from games.errors import Conflict, InvalidInput, NotAllowed
from games.models import Game, Move
from games.positions import checkers_in, keys_text, position_keys, variant_of
from games.variants import move_from_coord

from . import clocks
from .commit import after_commit
from .play import _act, _cas_update, _other
from .vacation import clock_for_turn

TAKEBACK_ACTIONS = ("offer", "accept", "decline")


def _mover_of_ply(game: Game, ply: int) -> str:
    """The colour that played move number `ply` (1 = the first move from the start position)."""
    fields = game.start_fen.split()
    first = Game.Color.BLACK if len(fields) > 1 and fields[1] == "b" else Game.Color.WHITE
    return first if ply % 2 == 1 else _other(first)


def plies_to_take_back(game: Game, color: str) -> int:
    """How many plies `color`'s takeback removes: 1 if its move is the last, 2 if the opponent
    has replied since, 0 if it has no move to take back."""
    if game.ply >= 1 and _mover_of_ply(game, game.ply) == color:
        return 1
    if game.ply >= 2:
        return 2
    return 0


def _check_offer(game: Game, color: str) -> None:
    if game.rated:
        raise NotAllowed(_("Takebacks are not allowed in rated games."), code="takeback_rated")
    if game.takeback_offer == color:
        raise Conflict(_("You have already offered a takeback."),
                       code="takeback_already_offered")
    if not plies_to_take_back(game, color):
        raise Conflict(_("You have no move to take back."), code="nothing_to_take_back")
    if game.takeback_declined_ply == game.ply:
        raise Conflict(_("Your opponent declined a takeback in this position; play on."),
                       code="takeback_declined_here")


def _keys_after(game: Game, plies: int, remaining: list[str]) -> str:
    """The repetition keys at the new ply: the stored ones less the last `plies` when none of
    the moves taken back was irreversible (the list then still reaches that far back),
    otherwise replayed from the start position through the `remaining` moves."""
    keys = position_keys(game)
    if keys is not None and len(keys) > plies:
        return keys_text(keys[:-plies])
    if not remaining:
        return ""  # the start position only: what a new game stores
    variant = variant_of(game)
    position = engine.Position.from_fen(game.start_fen, variant)
    for coord in remaining:
        position.push(move_from_coord(variant, coord))
    return keys_text(repetition_hashes(position))


def _clock_fields(game: Game, *, turn: str, new_ply: int) -> dict:
    """The clocks after a takeback. Correspondence: a fresh period for the player to move, as
    after a move. A live game (lichess): no time is given back; the running side is charged up
    to now, and the clock of the side now to move runs from now (before both sides' first
    moves, that side's first-move timer instead)."""
    now = timezone.now()
    if not clocks.is_live(game):
        player_id = game.white_id if turn == Game.Color.WHITE else game.black_id
        return clock_for_turn(user_id=player_id, days_per_move=game.days_per_move, now=now)
    fields = clocks.clock_stop_fields(game, now=now)
    if new_ply < 2:
        fields.update(clock_started_at=None, deadline=clocks.first_move_deadline(now))
    else:
        remaining = fields.get(f"{turn}_clock_ms", getattr(game, f"{turn}_clock_ms"))
        fields.update(clock_started_at=now, deadline=now + timedelta(milliseconds=remaining))
    return {**fields, "clock_paused_remaining": None}


def _take_back(game: Game, *, offerer: str) -> None:
    """Take back `offerer`'s last move (and the reply since) in the locked game."""
    plies = plies_to_take_back(game, offerer)
    old_ply, new_ply = game.ply, game.ply - plies
    coords = list(Move.objects.filter(game=game, ply__lte=new_ply).order_by("ply")
                  .values_list("coord", flat=True)) if new_ply else []
    last = (Move.objects.filter(game=game, ply=new_ply).values_list("fen_after", flat=True)
            .first() if new_ply else None)
    fen = last or game.start_fen
    turn = Game.Color.BLACK.value if fen.split()[1] == "b" else Game.Color.WHITE.value
    fields = {"fen": fen, "ply": new_ply, "turn": turn,
              "position_keys": _keys_after(game, plies, coords),
              "draw_offer": "", "takeback_offer": "", "takeback_declined_ply": None,
              **_clock_fields(game, turn=turn, new_ply=new_ply)}
    _cas_update(game, expected_ply=old_ply, **fields)
    Move.objects.filter(game=game, ply__gt=new_ply).delete()
    if clocks.is_live(game):
        after_commit(clocks.flag_schedule, game_id=game.pk, ply=new_ply,
                     deadline=fields["deadline"])
    signals.moves_taken_back.send(sender=Game, game=game, ply=old_ply)
    variant = variant_of(game)
    position = engine.Position.from_fen(fen, variant)
    player_id = game.white_id if turn == Game.Color.WHITE else game.black_id
    after_commit(events.publish_takeback, game_id=game.pk, public_id=game.public_id,
                 variant=game.variant, ply=new_ply, fen=fen, turn=turn,
                 deadline=fields["deadline"], legal_moves=legal_coords(position),
                 checkers=checkers_in(fen, variant), by=offerer,
                 clock_paused=fields["clock_paused_remaining"] is not None,
                 clock=clocks.clock_json_after(game, fields, turn=turn, now=timezone.now(),
                                               ended=False) if clocks.is_live(game) else None)
    after_commit(signals.send_after_commit, signal=signals.turn_passed, game_id=game.pk,
                 player_id=player_id)


def game_takeback(*, game: Game, user, action: str) -> Game:
    """Offer to take back your last move, or accept / decline the opponent's offer. Offering
    while the opponent's offer stands accepts it. `game` then holds the row as committed."""
    if action not in TAKEBACK_ACTIONS:
        raise InvalidInput(_("action must be one of %(choices)s.")
                           % {"choices": ", ".join(TAKEBACK_ACTIONS)})

    def takeback(locked: Game, color: str) -> None:
        opponent = _other(color)
        if action == "offer":
            if locked.takeback_offer == opponent and not locked.rated:
                _take_back(locked, offerer=opponent)
                return
            _check_offer(locked, color)
            _cas_update(locked, expected_ply=locked.ply, takeback_offer=color)
            after_commit(events.publish_takeback_offer, game_id=locked.pk,
                         public_id=locked.public_id, variant=locked.variant, by=color)
            after_commit(signals.send_after_commit, signal=signals.takeback_offered,
                         game_id=locked.pk, by=color)
            return
        if locked.takeback_offer != opponent:
            raise Conflict(_("Your opponent has not offered a takeback."),
                           code="no_takeback_offer")
        if action == "accept":
            _take_back(locked, offerer=opponent)
        else:
            _cas_update(locked, expected_ply=locked.ply, takeback_offer="",
                        takeback_declined_ply=locked.ply)
            after_commit(events.publish_takeback_declined, game_id=locked.pk,
                         public_id=locked.public_id, variant=locked.variant, by=color)

    _act(game, user, takeback)
    return game
