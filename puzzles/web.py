"""The training pages: /training/ chooses a game (with the player's puzzle rating in each),
/training/<variant>/ solves its puzzles on the board (puzzles/static/puzzles/js/puzzle_page.js),
one after another or as a streak."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.errors import UnknownVariant
from games.variants import variant_get, variant_json, variant_keys_listed
from games.web.variants import variant_descriptor
from ratings.periods import shown

from . import selectors
from .theme_names import theme_names


@require_GET
def training(request: HttpRequest) -> HttpResponse:
    mine = selectors.puzzle_ratings_of(user=request.user)
    counts = selectors.puzzle_counts()
    games = []
    for key in variant_keys_listed():
        rating = mine.get(key)
        games.append({**variant_json(key), "puzzles": counts.get(key, 0),
                      "rating": shown(rating["rating"], rating["rd"]) if rating else None,
                      "solved": rating["solved"] if rating else 0,
                      "attempts": rating["attempts"] if rating else 0})
    return render(request, "puzzles/training.html", {"games": games})


@require_GET
def training_variant(request: HttpRequest, variant: str) -> HttpResponse:
    try:
        key = variant_get(variant).key
    except UnknownVariant as exc:
        return render(request, "games/not_found.html",
                      {"detail": _("No such game. %(detail)s") % {"detail": exc.detail}}, status=404)
    descriptor = variant_descriptor(key)
    rating = selectors.puzzle_ratings_of(user=request.user).get(key)
    context = {
        "variant_key": key,
        "puzzle": (request.GET.get("puzzle") or "")[:12],  # a puzzle asked for by its id
        "rating": shown(rating["rating"], rating["rd"]) if rating else None,
        "logged_in": request.user.is_authenticated,
        # None of this game at all: said at once, without asking `next` for a 404.
        "count": selectors.puzzle_counts().get(key, 0),
        "theme_names": theme_names(),
        "piece_urls": {p["image"]: static(f"games/pieces/{p['image']}.svg") for p in descriptor["pieces"]},
        "urls": {
            "next": reverse("api-puzzle-next"),
            # The id stands in for "ID" in these two (the page fills it in).
            "puzzle": reverse("api-puzzle", args=["ID"]),
            "attempt": reverse("api-puzzle-attempt", args=["ID"]),
            "position": reverse("api-analysis-position"),
            "analysis": reverse("analysis_board"),
        },
    }
    return render(request, "puzzles/solve.html",
                  {"variant": descriptor, "board": context, "game": variant_json(key)})
