"""lichess's game export, `GET /game/export/{gameId}` (at the site root, as on lichess): with
`Accept: application/json` (berserk's default) lichess's game JSON, else the game's record as
PGN-like text, the same text as the site's export (games.selectors
.game_export_text), with the computer analysis's evaluations as comments when the game has
one (`evals`, true by default, as lichess). Anyone may read it, as on lichess; a game still
being played carries no evaluation (fair play)."""
from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.views import APIView

from core.fields import refuse_unknown_query_params
from games import selectors as game_selectors
from games.errors import InvalidInput

from . import selectors
from .auth import BearerOrTokenAuthentication
from .views import LichessError, lichess_exception_handler

FLAGS = {"true": True, "1": True, "false": False, "0": False}


class GameExportView(APIView):
    authentication_classes = [BearerOrTokenAuthentication]
    permission_classes = [AllowAny]

    def get_exception_handler(self):
        return lichess_exception_handler

    @extend_schema(operation_id="lichess_game_export", tags=["bot-api"],
                   parameters=[OpenApiParameter("evals", bool, description=(
                       "Include the computer analysis's evaluations and judgements as "
                       "comments, when the game has one (default true)."))],
                   responses={(200, "application/x-chess-pgn"): OpenApiResponse(OpenApiTypes.STR),
                              400: LichessError, 404: LichessError},
                   summary="A game's record (lichess's game export), with its analysis")
    def get(self, request: Request, game_id: str) -> HttpResponse:
        refuse_unknown_query_params(request.query_params, allowed=("evals",))
        raw = request.query_params.get("evals", "true").lower()
        if raw not in FLAGS:
            raise InvalidInput(_("evals must be true or false."), code="invalid")
        game = game_selectors.game_by_public_id(public_id=game_id)
        if "application/json" in request.headers.get("Accept", ""):
            return JsonResponse(selectors.game_export_json(game))
        text = game_selectors.game_export_text(game, annotations=FLAGS[raw])
        response = HttpResponse(text, content_type="application/x-chess-pgn; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{game.variant}-{game.public_id}.txt"'
        return response
