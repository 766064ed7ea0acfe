"""Reads of the accounts app."""
from __future__ import annotations

from django.db.models import QuerySet

from .models import ApiToken


def api_tokens_of(*, user) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user).order_by("-created_at")
