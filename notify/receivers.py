"""notify listens to games (signals) and to accounts (the User's email field); games never
calls notify. Every mail is stored after the fact it tells of has been committed."""
from __future__ import annotations

from django.db import transaction

from . import mails
from .links import with_this_site


def on_turn_passed(sender, game_id: int, player_id: int | None = None, **kwargs) -> None:
    # turn_passed is sent after commit
    mails.mail_your_turn(game_id=game_id, player_id=player_id)


def on_game_ending(sender, game, **kwargs) -> None:
    # Inside the ending transaction: store the mails only if it commits.
    game_id = game.pk
    transaction.on_commit(lambda: mails.mail_game_over(game_id=game_id), robust=True)


def on_round_started(sender, tournament_id: str, round_number: int | None, pairings: list,
                     **kwargs) -> None:
    # round_started is sent after commit
    from .tournament_mails import mail_round_started

    mail_round_started(tournament_id=tournament_id, round_number=round_number,
                       pairings=pairings)


def on_challenge_saved(sender, instance, created: bool, **kwargs) -> None:
    if created and instance.opponent_id is not None:
        challenge_id = instance.pk
        transaction.on_commit(lambda: mails.mail_challenge(challenge_id=challenge_id),
                              robust=True)


def on_user_pre_save(sender, instance, update_fields=None, **kwargs) -> None:
    if instance.pk is None or (update_fields is not None and "email" not in update_fields):
        instance._notify_old_email = None
        return
    instance._notify_old_email = (sender.objects.filter(pk=instance.pk)
                                  .values_list("email", flat=True).first())


def on_user_saved(sender, instance, created: bool, update_fields=None, **kwargs) -> None:
    """A new address (at sign-up or later) gets its confirmation mail at once."""
    if not instance.email:
        return
    old = getattr(instance, "_notify_old_email", None)
    if not created and (old is None or old == instance.email):
        return
    user_id, email = instance.pk, instance.email

    def send() -> None:
        from django.contrib.auth import get_user_model

        from .services import email_verification_send

        user = get_user_model().objects.filter(pk=user_id).first()
        if user is not None and user.email == email:  # not changed again meanwhile
            email_verification_send(user=user, limited=False)

    transaction.on_commit(with_this_site(send), robust=True)
