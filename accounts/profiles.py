"""Keeping accounts.Profile in step with the users (no HTTP, no request)."""
from __future__ import annotations

import logging

from django.db import IntegrityError, transaction

from .usernames import username_key, username_skeleton

logger = logging.getLogger(__name__)


def _fallback_key(key: str, user_pk: int) -> str:
    # '#' is not allowed in a username, so this can never equal a real name's key: the account
    # keeps working, and the name stays reserved for whoever held it first.
    return f"{key}#{user_pk}"


def profile_sync(*, user, profile_model=None) -> tuple[object, bool]:
    """Store the user's username key and skeleton; returns (profile, key_is_exact).

    If another account already holds the key (a look-alike created outside the sign-up
    service, e.g. by an admin, or a sign-up that lost a race), the profile gets a fallback key
    and `key_is_exact` is False so a caller that cares (sign-up) can roll back."""
    if profile_model is None:
        from .models import Profile as profile_model
    key, skeleton = username_key(user.username), username_skeleton(user.username)
    try:
        with transaction.atomic():  # a savepoint: a collision must not spoil the caller's
            profile, _ = profile_model.objects.update_or_create(
                user_id=user.pk, defaults={"username_key": key, "username_skeleton": skeleton})
        return profile, True
    except IntegrityError:
        logger.warning("username %r collides with another account's normalised name", user.pk)
        profile, _ = profile_model.objects.update_or_create(
            user_id=user.pk, defaults={"username_key": _fallback_key(key, user.pk),
                                       "username_skeleton": skeleton})
        return profile, False


def profiles_backfill(*, user_model, profile_model) -> int:
    """Create the missing profiles, oldest account first (it keeps the plain key); returns
    how many were made. Takes the models so the data migration can pass historical ones."""
    made = 0
    for user in user_model.objects.filter(account_profile__isnull=True).order_by("pk"):
        profile_sync(user=user, profile_model=profile_model)
        made += 1
    return made
