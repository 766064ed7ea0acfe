"""The leaderboard page."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET


from . import selectors


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    return render(request, "ratings/leaderboard.html",
                {"rows": selectors.leaderboard(),
                 "active_days": selectors.LEADERBOARD_ACTIVE_DAYS})
