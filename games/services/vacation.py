"""Vacation: a player stops their correspondence clocks for up to VACATION_DAYS_PER_YEAR days
a calendar year. Only the clock of the player to move runs, so a vacation pauses the games
where it is the player's turn (and each game where the turn passes to them meanwhile): the
deadline is cleared and the time left kept in `clock_paused_remaining`. With no deadline, the
sweep and game_expire_if_due cannot time such a game out. When the vacation ends (switched off,
the player moves in a paused game, or the allowance runs out) every paused clock restarts with
exactly the time it had left, counted from the vacation's end."""
from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import events
from games.errors import Conflict, InvalidInput
from games.models import Game, Vacation

from .commit import after_commit


def _allowance() -> timedelta:
    return timedelta(days=settings.VACATION_DAYS_PER_YEAR)


def vacation_active(*, user_id: int, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    return Vacation.objects.filter(user_id=user_id, started_at__isnull=False,
                                   ends_at__gt=now).exists()


def clock_for_turn(*, user_id: int, days_per_move: int | None, now: datetime) -> dict:
    """The clock fields of a game whose turn passes to `user_id` now: running, or paused with
    the full time per move while they are on vacation. (A query only for games with a clock.)"""
    if not days_per_move:
        return {"deadline": None, "clock_paused_remaining": None}
    full = timedelta(days=days_per_move)
    if vacation_active(user_id=user_id, now=now):
        return {"deadline": None, "clock_paused_remaining": full}
    return {"deadline": now + full, "clock_paused_remaining": None}


def _games_to_move(user_id: int):
    """The user's running games with a clock where it is their turn, locked."""
    return (Game.objects.select_for_update()
            .filter(Q(white_id=user_id, turn=Game.Color.WHITE)
                    | Q(black_id=user_id, turn=Game.Color.BLACK),
                    status=Game.Status.ACTIVE, days_per_move__isnull=False)
            .order_by("pk"))


def _lock_vacation(user_id: int, now: datetime) -> Vacation:
    vacation, _ = Vacation.objects.get_or_create(user_id=user_id)
    vacation = Vacation.objects.select_for_update().get(pk=vacation.pk)
    if vacation.year != now.year and vacation.started_at is None:
        vacation.year, vacation.seconds_used = now.year, 0
    return vacation


def vacation_left(*, user, now: datetime | None = None) -> timedelta:
    """What is left of this year's allowance (a running vacation counted as used up to now)."""
    now = now or timezone.now()
    vacation = Vacation.objects.filter(user_id=user.pk).first()
    if vacation is None:
        return _allowance()
    used = timedelta(seconds=vacation.seconds_used) if vacation.year == now.year else timedelta()
    if vacation.started_at is not None:
        used += min(now, vacation.ends_at) - vacation.started_at
    return max(timedelta(), _allowance() - used)


def vacation_start(*, user, days: int | None = None, now: datetime | None = None) -> Vacation:
    """Switch the vacation on for `days` days (None: as long as the allowance lasts): it runs
    until then, until the player switches it off or moves in a paused game, or until this
    year's allowance is used up, whichever comes first."""
    if days is not None and (isinstance(days, bool) or not isinstance(days, int) or days < 1):
        raise InvalidInput(_("days must be a whole number of days, at least 1."))
    now = now or timezone.now()
    with transaction.atomic():
        vacation = _lock_vacation(user.pk, now)
        if vacation.started_at is not None and vacation.ends_at > now:
            raise Conflict(_("You are on vacation already."), code="already_on_vacation")
        if vacation.started_at is not None:  # ran out but not yet closed by the periodic job
            _close(vacation, at=vacation.ends_at)
            if vacation.year != now.year:
                vacation.year, vacation.seconds_used = now.year, 0
        left = _allowance() - timedelta(seconds=vacation.seconds_used)
        if left <= timedelta():
            raise Conflict(_("Your %(days)s vacation days of %(year)s are used up.")
                           % {"days": settings.VACATION_DAYS_PER_YEAR, "year": now.year},
                           code="no_vacation_left")
        if days is not None:
            left = min(left, timedelta(days=days))
        vacation.started_at, vacation.ends_at = now, now + left
        vacation.save()
        for game in _games_to_move(user.pk):
            if game.deadline is not None and game.deadline > now:
                Game.objects.filter(pk=game.pk, ply=game.ply).update(
                    deadline=None, clock_paused_remaining=game.deadline - now, updated_at=now)
                after_commit(events.publish_clock, game_id=game.pk, public_id=game.public_id,
                             variant=game.variant,
                             deadline=None,
                             clock_paused=True)
    return vacation


def _close(vacation: Vacation, *, at: datetime) -> None:
    """End a locked vacation at `at` and restart the user's paused clocks from `at`."""
    vacation.seconds_used += int((at - vacation.started_at).total_seconds())
    vacation.started_at = vacation.ends_at = None
    vacation.save()
    for game in _games_to_move(vacation.user_id):
        if game.clock_paused_remaining is not None:
            deadline = at + game.clock_paused_remaining
            Game.objects.filter(pk=game.pk, ply=game.ply).update(
                deadline=deadline, clock_paused_remaining=None, updated_at=timezone.now())
            after_commit(events.publish_clock, game_id=game.pk, public_id=game.public_id,
                             variant=game.variant,
                         deadline=deadline,
                         clock_paused=False)


def vacation_end(*, user_id: int, now: datetime | None = None) -> bool:
    """Switch the vacation off (at its allowance's end if that came first); returns whether
    one was running."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(
            user_id=user_id, started_at__isnull=False).first()
        if vacation is None:
            return False
        _close(vacation, at=min(now, vacation.ends_at))
    return True


def vacations_end_due(now: datetime | None = None) -> int:
    """Close the vacations whose allowance ran out (periodic); returns how many."""
    now = now or timezone.now()
    due = Vacation.objects.filter(started_at__isnull=False, ends_at__lte=now)
    return sum(vacation_end(user_id=user_id, now=now)
               for user_id in list(due.values_list("user_id", flat=True)))
