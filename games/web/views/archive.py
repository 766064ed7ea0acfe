"""The archive of finished games and the header's "your turn" counter."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
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
    games_page, status, name_choices = None, 200, []
    if request.GET and form.is_valid():
        name_choices = _resolve_names(form)
        if name_choices:
            status = 400
    if not request.GET or (form.is_valid() and not name_choices):
        filters = form.cleaned_data if request.GET else {}
        try:
            # The page lists finished games; filters mean what they mean in the API.
            # Pages by cursor (newer / older), never by number: a deep page costs what the
            # first one does (games.keyset).
            games_page = selectors.games_archive(
                status="finished", player=filters.get("player") or "", opponent=filters.get("opponent") or "",
                result=filters.get("result") or "", against=filters.get("against") or "",
                date_from=filters.get("date_from"), date_to=filters.get("date_to"),
                variant=filters.get("variant") or "",
                imported={"played": False, "imported": True}.get(filters.get("source") or ""),
                cursor=request.GET.get("cursor", ""), size=ARCHIVE_PAGE_SIZE)
        except GameError as exc:  # an unknown name or a bad value or cursor
            form.add_error(None, exc.detail)
            status = 400
        else:
            for game in games_page.rows:
                game.variant_name = names.get(game.variant, game.variant)
    elif not name_choices:
        status = 400
    query = request.GET.copy()
    query.pop("cursor", None)
    query.pop("page", None)  # links from before cursors: the first page
    context = {"form": form, "games_page": games_page, "query": query.urlencode(),
               "name_choices": name_choices}
    return render(request, "games/archive.html", context, status=status)


def _resolve_names(form: ArchiveFilterForm) -> list[dict]:
    """Read the player and opponent filters as name prefixes: one a prefix of a single name
    becomes that name (in the form's data too, so the page shows it); one that starts several
    names is left for the person to choose, each choice a link to the archive so filtered.
    Returns those choices, [] when every name is settled."""
    choices = []
    for field in ("player", "opponent"):
        typed = (form.cleaned_data.get(field) or "").strip()
        if not typed:
            continue
        name, candidates = web_selectors.player_name_resolve(typed)
        if name:
            form.cleaned_data[field] = name
            if name != typed:
                form.data = form.data.copy()
                form.data[field] = name
        elif candidates:
            links = []
            for candidate in candidates:
                query = form.data.copy()
                query.pop("cursor", None)
                query[field] = candidate
                links.append({"name": candidate, "query": query.urlencode()})
            form.add_error(field, _("Several players' names start with “%(typed)s”: choose "
                                    "one below.") % {"typed": typed})
            choices.append({"field": field, "typed": typed, "links": links})
    return choices


@require_GET
def turn_count(request: HttpRequest) -> JsonResponse:
    if not request.user.is_authenticated:
        return JsonResponse({"error": "not_authenticated", "detail": _("Log in first.")}, status=401)
    return JsonResponse({"count": web_selectors.your_turn_count(user=request.user)})
