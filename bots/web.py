"""Bot TV's page: /tv/ opens the showcase game on now (at its current position, as the game
page shows any game) and the page follows on to the next game when it ends."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games.models import Game

from .showcase import showcase_game


@require_GET
def tv(request: HttpRequest) -> HttpResponse:
    game = showcase_game()
    if game is None or game.status != Game.Status.ACTIVE:
        # Off, or the instant between two games (the next starts as the last one's ending
        # commits): a page that says so and looks again (bots/tv_waiting.html).
        return render(request, "bots/tv_waiting.html", {"off": game is None}, status=200)
    response = redirect(f"{reverse('game', args=[game.public_id])}?tv=1")
    response["Cache-Control"] = "no-store"  # the channel changes game: never a cached hop
    return response
