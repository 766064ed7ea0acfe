"""The leaderboard pages: one per game and speed (/leaderboard/<variant>/?speed=blitz, as
pychess-variants keeps a page per variant and lichess a board per speed) and an overview of
every game's best by correspondence (/leaderboard/)."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.clock import CORRESPONDENCE, LIVE_SPEEDS, SPEED_NAMES, SPEEDS
from games.errors import UnknownVariant
from games.variants import variant_get, variant_json, variant_keys, variant_keys_listed

from . import selectors

OVERVIEW_SIZE = 10  # each game's best players on the overview


def _games() -> list[dict[str, str]]:
    """Every game the site plays, Raumschach first (the selector's order)."""
    return [variant_json(key) for key in variant_keys_listed()]


@require_GET
def leaderboard(request: HttpRequest) -> HttpResponse:
    wanted = request.GET.get("variant")
    if wanted:  # the API's query form names a game's page too
        if wanted not in variant_keys():
            return leaderboard_variant(request, wanted)  # its "no such game" page
        return redirect("leaderboard_variant", variant=wanted)
    boards = [{"variant": game, "rows": selectors.leaderboard(limit=OVERVIEW_SIZE,
                                                              variant=game["key"])}
              for game in _games()]
    return render(request, "ratings/leaderboard_overview.html",
                  {"boards": boards, "games": _games(), "current": "",
                   "active_days": selectors.LEADERBOARD_ACTIVE_DAYS})


def _speeds() -> list[dict[str, str]]:
    """The speed selector: correspondence (every rating before live games) first."""
    return [{"key": key, "name": str(SPEED_NAMES[key])} for key in (CORRESPONDENCE, *LIVE_SPEEDS)]


@require_GET
def leaderboard_variant(request: HttpRequest, variant: str) -> HttpResponse:
    try:
        key = variant_get(variant).key
    except UnknownVariant as exc:
        return render(request, "games/not_found.html",
                      {"detail": _("No such game. %(detail)s") % {"detail": exc.detail}},
                      status=404)
    # Each game has a rating per speed (as lichess keeps them): ?speed= picks the board.
    speed = request.GET.get("speed") or CORRESPONDENCE
    if speed not in SPEEDS:
        return render(request, "games/not_found.html",
                      {"detail": _("No such speed: choose one of %(speeds)s.")
                       % {"speeds": ", ".join(SPEEDS)}}, status=404)
    return render(request, "ratings/leaderboard.html",
                  {"rows": selectors.leaderboard(variant=key, speed=speed),
                   "provisional": selectors.leaderboard_provisional(variant=key, speed=speed),
                   "variant": variant_json(key), "games": _games(), "current": key,
                   "speeds": _speeds(), "speed": speed, "speed_name": SPEED_NAMES[speed],
                   "active_days": selectors.LEADERBOARD_ACTIVE_DAYS})
