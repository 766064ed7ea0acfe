"""Old integer game ids under /api/v1/games/<n>/... (and in the Bot API's game paths and
/game/export/<n>, legacy_game_path): games are named by their public id since
v1.2 (issue 28). A client that kept an integer id is sent on, as GitHub's API does for a renamed
repository: a permanent redirect to the same path under the public id - 301 for GET and HEAD,
308 for every other method (308 keeps the method and the body, so a POST is not turned into a
GET) - with the new id and location in a JSON body too. An integer no game has is a 404 that
says how games are named now. The redirect tells no more than the game pages' own redirect of
old integer URLs (issue 28 asks for those)."""
from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt

from games import selectors
from games.errors import NotFound

HINT = gettext_lazy("Games are named by their public id (8 letters and digits, the `id` of every "
                    "game answer) since API v1.2; integer ids are no longer used.")


def _redirect(request: HttpRequest, game_id: str, location_of, *,
              lichess: bool = False) -> JsonResponse:
    """`lichess`: the Bot API's error shape, `{"error": message, "code": code}`."""
    def body(code: str, detail: str) -> dict:
        return {"error": detail, "code": code} if lichess else {"error": code, "detail": detail}

    try:
        game = selectors.game_get(game_id=game_id)
    except NotFound:
        return JsonResponse(body("not_found", _("No such game. %(hint)s") % {"hint": HINT}), status=404)
    location = location_of(game.public_id)
    query = request.META.get("QUERY_STRING", "")
    if query:
        location = f"{location}?{query}"
    status = 301 if request.method in ("GET", "HEAD") else 308
    response = JsonResponse({**body("moved_permanently", _("This game is %(id)s. %(hint)s")
                                  % {"id": game.public_id, "hint": HINT}),
                             "id": game.public_id, "location": location}, status=status)
    response["Location"] = location
    return response


@csrf_exempt  # it changes nothing; the request it redirects to is checked as usual
def legacy_game_id(request: HttpRequest, game_id: str, rest: str) -> JsonResponse:
    return _redirect(request, game_id,
                     lambda public_id: reverse("api-game", args=[public_id]) + rest)


@csrf_exempt  # as legacy_game_id
def legacy_game_path(request: HttpRequest, game_id: str, rest: str = "") -> JsonResponse:
    """The same rule for the lichess-compatible paths that name a game (the Bot API's
    /api/{bot,board}/game/<id>/..., its streams, /game/export/<id>), in lichess's error shape:
    the integer is replaced by the public id in the very path asked for."""
    head = request.path[: len(request.path) - len(game_id + rest)]
    return _redirect(request, game_id, lambda public_id: f"{head}{public_id}{rest}",
                     lichess=True)
