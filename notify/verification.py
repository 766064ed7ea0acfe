"""Signed, expiring, single-use links that confirm an email address.

The link carries (user, address, state) signed with SECRET_KEY. `state` is a keyed hash of
the address the account has verified so far: confirming changes that, so a used link no longer
matches (single use) without storing any token. A link for an address the account no longer
has is refused too."""
from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from .links import site_url

SALT = "notify.verify-email"


def _state(*, user_id: int, email: str, verified_email: str) -> str:
    return salted_hmac(SALT, f"{user_id}|{email.lower()}|{verified_email.lower()}").hexdigest()[:20]


def make_token(*, user_id: int, email: str, verified_email: str) -> str:
    return signing.dumps({"u": user_id, "e": email,
                          "s": _state(user_id=user_id, email=email,
                                      verified_email=verified_email)},
                         salt=SALT, compress=True)


def read_token(token: str) -> tuple[int, str, str] | None:
    """(user id, address, state) of a genuine, unexpired token, else None."""
    try:
        data = signing.loads(token, salt=SALT, max_age=settings.EMAIL_VERIFY_MAX_AGE)
    except signing.BadSignature:  # SignatureExpired is a BadSignature
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) \
            or not isinstance(data.get("e"), str) or not isinstance(data.get("s"), str):
        return None
    return data["u"], data["e"], data["s"]


def state_matches(state: str, *, user_id: int, email: str, verified_email: str) -> bool:
    return constant_time_compare(state, _state(user_id=user_id, email=email,
                                               verified_email=verified_email))


def verify_url(*, user_id: int, email: str, verified_email: str) -> str:
    token = make_token(user_id=user_id, email=email, verified_email=verified_email)
    return site_url() + reverse("notify-verify", args=[token])


def max_age_hours() -> int:
    return max(1, settings.EMAIL_VERIFY_MAX_AGE // 3600)
