"""Challenges: to a user, open (anyone logged in with the link accepts), or to a bot (accepted
at once). Accepting starts the game."""
from __future__ import annotations

import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import bot_hook, events, signals
from games.errors import CannotChallengeSelf, Conflict, InvalidInput, NotAllowed, NotFound
from games.models import DAYS_PER_MOVE_CHOICES, Challenge, Game

from .commit import after_commit

MAX_PENDING_CHALLENGES = 50  # per challenger; stops one account flooding everyone's inbox



def _check_options(color: object, days_per_move: object) -> None:
    if color not in Challenge.ColorChoice.values:
        raise InvalidInput("color must be white, black or random.")
    if days_per_move is not None and (
        isinstance(days_per_move, bool) or days_per_move not in DAYS_PER_MOVE_CHOICES
    ):
        choices = ", ".join(str(d) for d in DAYS_PER_MOVE_CHOICES)
        raise InvalidInput(f"days_per_move must be one of {choices}, or null for no clock.")


def challenge_create(*, challenger, opponent, color: str, days_per_move: int | None) -> Challenge:
    """Create a challenge; `opponent` None makes an open challenge. A challenge to a bot is
    accepted at once (its `game` is set on return)."""
    _check_options(color, days_per_move)
    if opponent is not None and opponent.pk == challenger.pk:
        raise CannotChallengeSelf()
    if bot_hook.is_bot(challenger):
        raise NotAllowed("Bots do not send challenges.")
    if opponent is not None and not opponent.is_active:
        raise InvalidInput("That account is disabled.", code="unknown_user")
    pending = Challenge.objects.filter(challenger=challenger, status=Challenge.Status.PENDING)
    if pending.count() >= MAX_PENDING_CHALLENGES:
        raise Conflict(f"You have {MAX_PENDING_CHALLENGES} pending challenges; cancel some first.",
                       code="too_many_challenges")
    with transaction.atomic():
        challenge = Challenge.objects.create(challenger=challenger, opponent=opponent,
                                             color=color, days_per_move=days_per_move)
        if opponent is not None and bot_hook.is_bot(opponent):
            _start_game(challenge, acceptor=opponent)
        elif opponent is not None:
            after_commit(events.publish_challenge_received, challenge_id=challenge.pk,
                       user_id=opponent.pk, challenger=challenger.username)
    return challenge


def _lock_pending(challenge: Challenge) -> Challenge:
    try:
        locked = Challenge.objects.select_for_update().get(pk=challenge.pk)
    except Challenge.DoesNotExist:
        raise NotFound("No such challenge.") from None
    if locked.status != Challenge.Status.PENDING:
        raise Conflict(f"The challenge is already {locked.status}.", code="challenge_not_pending")
    return locked


def _set_status(challenge: Challenge, status: str, **fields) -> None:
    """Compare-and-set from pending, so two acceptors cannot both start a game."""
    updated = Challenge.objects.filter(pk=challenge.pk, status=Challenge.Status.PENDING).update(
        status=status, updated_at=timezone.now(), **fields
    )
    if updated != 1:
        raise Conflict("The challenge is no longer pending.", code="challenge_not_pending")
    challenge.status = status
    for name, value in fields.items():
        setattr(challenge, name, value)


def _start_game(challenge: Challenge, *, acceptor) -> Game:
    color = challenge.color
    if color == Challenge.ColorChoice.RANDOM:
        color = secrets.choice([Challenge.ColorChoice.WHITE, Challenge.ColorChoice.BLACK])
    if color == Challenge.ColorChoice.WHITE:
        white, black = challenge.challenger, acceptor
    else:
        white, black = acceptor, challenge.challenger
    days = challenge.days_per_move
    game = Game.objects.create(
        white=white, black=black, days_per_move=days,
        deadline=timezone.now() + timedelta(days=days) if days else None,
    )
    _set_status(challenge, Challenge.Status.ACCEPTED, game=game)
    after_commit(events.publish_challenge_accepted, challenge_id=challenge.pk,
               user_id=challenge.challenger_id, game_id=game.pk, by=acceptor.username)
    after_commit(events.publish_your_turn, game_id=game.pk, user_id=white.pk, ply=0,
               deadline=game.deadline)
    after_commit(signals.send_after_commit, signal=signals.game_started, game_id=game.pk)
    after_commit(signals.send_after_commit, signal=signals.turn_passed, game_id=game.pk,
                 player_id=white.pk)
    return game


def challenge_accept(*, challenge: Challenge, user) -> Game:
    with transaction.atomic():
        locked = _lock_pending(challenge)
        if locked.challenger_id == user.pk:
            raise NotAllowed("You cannot accept your own challenge.", code="own_challenge")
        if locked.opponent_id is not None and locked.opponent_id != user.pk:
            raise NotAllowed("This challenge is for someone else.", code="not_your_challenge")
        if bot_hook.is_bot(user):
            raise NotAllowed("Bots only play challenges sent to them.")
        game = _start_game(locked, acceptor=user)
    challenge.refresh_from_db()
    return game


def challenge_decline(*, challenge: Challenge, user) -> Challenge:
    with transaction.atomic():
        locked = _lock_pending(challenge)
        if locked.opponent_id is None or locked.opponent_id != user.pk:
            raise NotAllowed("Only the challenged player can decline; the challenger cancels.",
                             code="not_your_challenge")
        _set_status(locked, Challenge.Status.DECLINED)
    challenge.refresh_from_db()
    return challenge


def challenge_cancel(*, challenge: Challenge, user) -> Challenge:
    with transaction.atomic():
        locked = _lock_pending(challenge)
        if locked.challenger_id != user.pk:
            raise NotAllowed("Only the challenger can cancel a challenge.",
                             code="not_your_challenge")
        _set_status(locked, Challenge.Status.CANCELLED)
    challenge.refresh_from_db()
    return challenge
