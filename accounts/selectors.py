"""Reads of the accounts app."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from .models import ApiToken, Profile
from .usernames import username_key

User = get_user_model()


def api_tokens_of(*, user) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user).order_by("-created_at")


def user_by_name(*, username: str):
    """The active account a name denotes, compared as sign-up compares names (NFKC,
    case-folded: accounts.usernames), or None."""
    key = username_key((username or "").strip())
    profile = (Profile.objects.select_related("user")
               .filter(username_key=key, user__is_active=True).first())
    if profile is not None:
        return profile.user
    # An account whose profile is missing (made by a raw insert): the plain comparison.
    return User.objects.filter(username__iexact=(username or "").strip(), is_active=True).first()
