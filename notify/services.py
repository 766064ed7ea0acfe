"""Changes to a user's mail settings."""
from __future__ import annotations

from django.contrib.auth import get_user_model

from .models import KINDS, MailSettings
from .unsubscribe import read_token


def unsubscribe(*, token: str) -> str | None:
    """Switch off the kind of mail a signed link names; returns the kind, or None for a forged
    or damaged link or a user who no longer exists (nothing changes then)."""
    parsed = read_token(token)
    if parsed is None or parsed[1] not in KINDS:
        return None
    user_id, kind = parsed
    if not get_user_model().objects.filter(pk=user_id).exists():
        return None
    MailSettings.objects.update_or_create(user_id=user_id, defaults={kind: False})
    return kind
