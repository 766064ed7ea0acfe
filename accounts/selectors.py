"""Reads of the accounts app."""
from __future__ import annotations

import operator
from functools import reduce

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from .models import ApiToken, Profile
from .usernames import username_key

User = get_user_model()


def api_tokens_of(*, user) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user).order_by("-created_at")


def user_by_name(*, username: str) -> User | None:
    """The active account a name denotes, compared as sign-up compares names (NFKC,
    case-folded: accounts.usernames), or None."""
    return users_by_names(usernames=[username]).get(username)


def users_by_names(*, usernames: list[str]) -> dict[str, User]:
    """{name as asked: the active account it denotes} for the names that denote one (see
    user_by_name); two reads however many names (a list of names, e.g. lichess's
    users/status, must not cost a read per name)."""
    keys = {name: username_key((name or "").strip()) for name in usernames}
    by_key = {profile.username_key: profile.user for profile in
              Profile.objects.select_related("user")
              .filter(username_key__in=set(keys.values()), user__is_active=True)}
    found = {name: by_key[key] for name, key in keys.items() if key in by_key}
    missing = [name for name in usernames if name not in found and (name or "").strip()]
    if missing:
        # Accounts whose profile is missing (made by a raw insert): the plain comparison.
        plain = reduce(operator.or_, (Q(username__iexact=name.strip()) for name in missing))
        users = list(User.objects.filter(plain, is_active=True).order_by("pk"))
        for name in missing:
            match = next((user for user in users
                          if user.username.casefold() == name.strip().casefold()), None)
            if match is not None:
                found[name] = match
    return found


NAME_SUGGESTIONS = 10  # names a prefix search answers: a list to pick from, not a directory


def usernames_starting(*, prefix: str, limit: int = NAME_SUGGESTIONS) -> list[str]:
    """The active accounts whose name starts with `prefix`, compared as sign-up compares names
    (NFKC, case-folded: "ANN" finds "annie"), in name order, at most `limit`; [] for a blank
    prefix. One read on the profiles' name key."""
    key = username_key((prefix or "").strip())
    if not key:
        return []
    return list(Profile.objects.filter(username_key__startswith=key, user__is_active=True)
                .order_by("username_key").values_list("user__username", flat=True)[:limit])


def account_language(*, user) -> str:
    """The language code the account chose (issue 45), "" if it chose none."""
    return (Profile.objects.filter(user=user).values_list("language", flat=True).first()
            or "")
