"""What every page view shares: rendering with the header's data, error statuses, safe
redirects, and games seen from one player."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.views.decorators.http import require_GET
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from accounts.errors import RateLimited, SiteError
from games.web import selectors as web_selectors


def page(request: HttpRequest, template: str, context: dict | None = None,
         status: int = 200) -> HttpResponse:
    """Render a page with what the header needs (the live "your turn" count)."""
    context = dict(context or {})
    context["turn_count"] = web_selectors.your_turn_count(user=request.user)
    return render(request, template, context, status=status)


def error_status(exc: SiteError) -> int:
    # A page re-rendered with an error: 429 for rate limits, else the usual 400.
    return 429 if isinstance(exc, RateLimited) else 400


def safe_next(request: HttpRequest, fallback: str = "home") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return reverse(fallback)


def next_param(request: HttpRequest) -> str:
    """The `next` to carry between the log-in and sign-up pages (only a safe one)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    return target if target and safe_next(request) == target else ""


def rows_for(games, user) -> list[dict]:
    """Games seen from `user`: their colour, the opponent, and whether it is their turn."""
    rows = []
    for game in games:
        color = game.player_color(user)
        opponent = game.black if color == "white" else game.white
        rows.append({"game": game, "color": color, "opponent": opponent,
                     "your_turn": game.status == "active" and game.turn == color})
    return rows


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers ask for /favicon.ico on pages that name no icon (the text export, issue 29
    item 16): the same picture the HTML pages link to."""
    return HttpResponsePermanentRedirect(static("games/pieces/unicorn.svg"))
