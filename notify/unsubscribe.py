"""Signed one-click unsubscribe links: the signature is the only credential, so the link
works from a mail client without logging in, and cannot be made for another user or kind."""
from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

from .links import site_url

SALT = "notify.unsubscribe"


def make_token(*, user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=SALT, compress=True)


def read_token(token: str) -> tuple[int, str] | None:
    """(user id, kind) of a genuine token, else None."""
    try:
        data = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int) \
            or not isinstance(data.get("k"), str):
        return None
    return data["u"], data["k"]


def unsubscribe_url(*, user_id: int, kind: str) -> str:
    return site_url() + reverse("notify-unsubscribe",
                                       args=[make_token(user_id=user_id, kind=kind)])
