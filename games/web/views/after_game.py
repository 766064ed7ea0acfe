"""The buttons under a finished game: "Rematch" and "Next game where it's your turn"."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from django.utils.translation import gettext as _

from games import selectors, services
from games.errors import GameError, NotFound
from games.web import selectors as web_selectors



@login_required
@require_POST
def rematch(request: HttpRequest, game_id: str) -> HttpResponse:
    """A challenge to the same opponent with the colours swapped and the same clock."""
    try:
        game = selectors.game_get_by_ref(ref=game_id)
        if game_id != game.public_id:
            # An old integer URL: sent on as every old game URL is (308 keeps the POST and its
            # form), nothing done until the public id's URL is asked.
            return HttpResponsePermanentRedirect(reverse("rematch", args=[game.public_id]),
                                                 status=308)
        challenge = services.game_rematch(game=game, user=request.user)
    except NotFound as exc:
        return render(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    except GameError as exc:
        messages.error(request, exc.detail)
        return redirect("game", game_id=game_id)
    if challenge.game_id:  # a bot accepts at once; the game took the challenge's id
        return redirect("game", game_id=challenge.pk)
    messages.success(request, _("Rematch offered: waiting for your opponent to accept."))
    return redirect("challenge", challenge_id=challenge.pk)


@login_required
@require_GET
def next_your_turn(request: HttpRequest) -> HttpResponse:
    """The game that waits for this user's move (`?after=<public id>` skips the game just
    left)."""
    game = web_selectors.next_game_your_turn(user=request.user,
                                             after=request.GET.get("after", "")[:32] or None)
    if game is None:
        messages.info(request, "No game is waiting for your move.")
        return redirect("home")
    return redirect("game", game_id=game.public_id)
