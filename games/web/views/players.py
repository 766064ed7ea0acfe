"""A player's public profile page."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from accounts import selectors as account_selectors
from accounts.scopes import SCOPES as TOKEN_SCOPES
from games import selectors
from games.errors import NotFound
from games.web import selectors as web_selectors

from .common import rows_for


@require_GET
def profile(request: HttpRequest, username: str) -> HttpResponse:
    try:
        player = selectors.user_get(username=username)
    except NotFound as exc:
        return render(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    own = request.user.is_authenticated and request.user.pk == player.pk
    context = {
        "player": player,
        "own": own,
        "bot": web_selectors.bot_profile(player.username),
        # Whose colour the rows give (issue 29 item 10: "You played" on everyone's profile).
        "played_label": (_("You played") if own
                         else _("%(name)s played") % {"name": player.username}),
        "record": selectors.user_record(user=player),
        "recent": rows_for(web_selectors.games_recent_finished_for(user=player), player),
        "tokens": account_selectors.api_tokens_of(user=player) if own else None,
        "new_token": request.session.pop("new_api_token", None) if own else None,
        "token_scopes": TOKEN_SCOPES.items() if own else None,
    }
    return render(request, "games/profile.html", context)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    return redirect("profile", username=request.user.username)
