"""The archive of finished games and the header's "your turn" counter."""
from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

import engine

from games import selectors
from games.errors import GameError
from games.web import selectors as web_selectors
from games.web.forms import ArchiveFilterForm


ARCHIVE_PAGE_SIZE = 20  # games per archive page: one screen on a laptop


@require_GET
def archive(request: HttpRequest) -> HttpResponse:
    names = {key: variant.name for key, variant in engine.VARIANTS.items()}
    form = ArchiveFilterForm(request.GET or None, variants=names)
    games_page, status = None, 200
    if not request.GET or form.is_valid():
        filters = form.cleaned_data if request.GET else {}
        try:
            # The page lists finished games; filters mean what they mean in the API.
            games = selectors.games_archive(
                status="finished", player=filters.get("player") or "", opponent=filters.get("opponent") or "",
                result=filters.get("result") or "", against=filters.get("against") or "",
                date_from=filters.get("date_from"), date_to=filters.get("date_to"),
                variant=filters.get("variant") or "")
        except GameError as exc:  # an unknown name (NotFound) or a bad value (InvalidInput)
            form.add_error(None, exc.detail)
            status = 400
        else:
            games_page = Paginator(games, ARCHIVE_PAGE_SIZE).get_page(request.GET.get("page"))
            for game in games_page:
                game.variant_name = names.get(game.variant, game.variant)
    else:
        status = 400
    query = request.GET.copy()
    query.pop("page", None)
    context = {"form": form, "games_page": games_page, "query": query.urlencode()}
    return render(request, "games/archive.html", context, status=status)


@require_GET
def turn_count(request: HttpRequest) -> JsonResponse:
    if not request.user.is_authenticated:
        return JsonResponse({"error": "not_authenticated", "detail": "Log in first."}, status=401)
    return JsonResponse({"count": web_selectors.your_turn_count(user=request.user)})
