"""What the game pages share: games seen from one player. (Error statuses and safe redirects:
core.pages; the header's turn count: games.web.context.)"""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.views.decorators.http import require_GET


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
