"""What the mails read of games and users: each read in one place, with the rows it needs."""
from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from games.models import Challenge, Game, Move
from core.prepared import PreparedRows

from .models import OutgoingMail

User = get_user_model()


def game_with_players(*, game_id: int) -> Game | None:
    return Game.objects.select_related("white", "black").filter(pk=game_id).first()


def last_move(*, game: Game) -> Move | None:
    return Move.objects.filter(game=game, ply=game.ply).first() if game.ply else None


def pending_challenge_to_a_player(*, challenge_id: str) -> Challenge | None:
    return Challenge.objects.select_related("challenger", "opponent").filter(
        pk=challenge_id, status=Challenge.Status.PENDING, opponent__isnull=False).first()


def challenge_mailed_since(*, user_id: int, since: datetime) -> bool:
    """Whether a challenge mail to the user was stored since `since` (mails.mail_challenge)."""
    return OutgoingMail.objects.filter(user_id=user_id, kind="challenge",
                                       created_at__gte=since).exists()


def games_with_a_deadline_between(*, start: datetime, end: datetime,
                                  min_days_per_move: float) -> QuerySet[Game]:
    """Running games whose deadline falls in (start, end], of more than `min_days_per_move`
    days a move."""
    return Game.objects.select_related("white", "black").filter(
        status=Game.Status.ACTIVE, deadline__gt=start, deadline__lte=end,
        days_per_move__gt=min_days_per_move)


# Asked after every move: compiled once (core.prepared).
_your_turn_wish = PreparedRows(
    lambda player_id: User.objects.filter(pk=player_id, is_active=True).values_list(
        "email", "mail_settings__verified_email", "mail_settings__your_turn")[:1])


def your_turn_wish(*, player_id: int) -> tuple | None:
    """(email, verified email, wants "your turn" mail) of an active player, or None: one query
    by primary key."""
    rows = _your_turn_wish.rows(player_id)
    return rows[0] if rows else None
