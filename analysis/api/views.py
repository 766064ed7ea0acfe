"""REST endpoints of game analysis: POST / GET /api/v1/games/<id>/analysis/."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import refuse_unknown_query_params
from core.serializers import ErrorSerializer

from .. import selectors, services
from .serializers import AnalysisOut

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer,
          404: ErrorSerializer, 409: ErrorSerializer, 429: ErrorSerializer}


class GameAnalysisView(APIView):
    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses={200: AnalysisOut, 403: ErrorSerializer, 404: ErrorSerializer},
                   summary="A game's computer analysis (status, per move evaluation, best "
                           "move, line and judgement; per side accuracy)",
                   description=(
                       "404 `not_analysed` when none was requested. Fair play: a player of a "
                       "game still being played is refused (403 `fair_play`)."))
    def get(self, request: Request, game_id: str) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=())
        game = selectors.game_for_analysis(game_id=game_id)
        analysis = selectors.analysis_visible(game=game, user=request.user)
        return Response(AnalysisOut(selectors.analysis_data(analysis, game=game)).data)

    @extend_schema(request=None,
                   responses={200: OpenApiResponse(AnalysisOut, description="Already done."),
                              202: OpenApiResponse(AnalysisOut, description="Queued or running."),
                              **ERRORS},
                   summary="Request a game's computer analysis",
                   description=(
                       "Queues the analysis of a game that is over (once per game: asking "
                       "again answers the stored one; staff may have it redone). Progress is "
                       "announced on the game's socket as {\"type\": \"analysis\", status, "
                       "progress, total}. Refused: a game still being played (403 `fair_play` "
                       "for its players, 409 `game_in_progress` for others), a game without "
                       "moves (409 `nothing_to_analyse`), an analysis of yours still running "
                       "(429 `analysis_busy`), the daily cap reached (429 "
                       "`analysis_daily_cap`, with Retry-After)."))
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_for_analysis(game_id=game_id)
        analysis, _ = services.analysis_request(game=game, user=request.user)
        data = AnalysisOut(selectors.analysis_data(analysis, game=game)).data
        under_way = data["status"] in ("queued", "running")
        return Response(data, status=status.HTTP_202_ACCEPTED if under_way else status.HTTP_200_OK)
