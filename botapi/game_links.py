"""lichess's short game links, which lichess clients print and their users open: `/<id>` and
`/<id>/white|black` (lichess-bot logs `<server>/<id>/white`) lead to the game's page here,
`/games/<id>/`. Mounted after every other route of the site, so a page's own path always wins."""
from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.urls import re_path, reverse
from django.utils.translation import gettext as _

from core.errors import SiteError
from games import selectors as game_selectors


def game_link(request: HttpRequest, game_id: str, color: str | None = None) -> HttpResponseRedirect:
    try:
        game = game_selectors.game_by_public_id(public_id=game_id)
    except SiteError:
        raise Http404(_("No such game.")) from None
    return HttpResponseRedirect(reverse("game", args=[game.public_id]))


urlpatterns = [
    re_path(r"^(?P<game_id>[A-Za-z0-9]{8})/?$", game_link, name="lichess-game-link"),
    re_path(r"^(?P<game_id>[A-Za-z0-9]{8})/(?P<color>white|black)/?$", game_link,
            name="lichess-game-link-color"),
]
