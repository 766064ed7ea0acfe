"""The analysis board's REST endpoints: a variant's tables for the browser's engine, one move
from a position, and the server's short search (the fallback for a browser without
WebAssembly)."""
from __future__ import annotations

import json

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.http import requester_key
from core.fields import refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games.errors import BadVariantOption
from games.variants import variant_with_options

from . import selectors, services
from .serializers import BoardPositionIn, BoardPositionOut, BoardSearchIn, BoardSearchOut

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 429: ErrorSerializer}


def _valid(serializer_class, request: Request) -> dict:
    data = serializer_class(data=request.data)
    if not data.is_valid():
        raise ValidationError(data.errors)
    return data.validated_data


def _options(text: str | None) -> dict:
    if not text:
        return {}
    try:
        return json.loads(text)
    except ValueError:
        raise BadVariantOption(_('options must be JSON, e.g. {"castling": true}.')) from None


class EngineTablesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[OpenApiParameter("variant", str, required=True),
                               OpenApiParameter("options", str, required=False,
                                                description='The game options as JSON, e.g. {"castling": true}')],
                   responses={(200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT), **ERRORS},
                   summary="A variant's tables for the browser's engine (engine/native_tables.py's, keys as strings)")
    def get(self, request: Request) -> HttpResponse:
        refuse_unknown_query_params(request.query_params, allowed=("variant", "options"))
        variant = variant_with_options(request.query_params.get("variant", ""),
                                       _options(request.query_params.get("options")))
        response = HttpResponse(selectors.engine_tables_json(variant), content_type="application/json")
        response["Cache-Control"] = "public, max-age=3600"  # the tables change only with a deploy
        return response


class BoardPositionView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=BoardPositionIn, responses={200: BoardPositionOut, **ERRORS},
                   summary="A position (after one move, if given) with its legal moves: the analysis board's rules")
    def post(self, request: Request) -> Response:
        data = _valid(BoardPositionIn, request)
        variant = variant_with_options(data["variant"], data["variant_options"])
        node = services.board_position(client_key=requester_key(request), variant=variant, fen=data["fen"],
                                       move=data.get("move"))
        return Response(BoardPositionOut(node).data)


class BoardSearchView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=BoardSearchIn, responses={200: BoardSearchOut, **ERRORS},
                   summary="A short server search of a position (for a browser that cannot run the engine itself)",
                   description="At most ANALYSIS_BOARD_SEARCH_SECONDS, rate-limited (analysis_search); "
                               "403 game_in_progress for the position of a game you are playing.")
    def post(self, request: Request) -> Response:
        data = _valid(BoardSearchIn, request)
        variant = variant_with_options(data["variant"], data["variant_options"])
        found = services.board_search(user=request.user, client_key=requester_key(request), variant=variant,
                                      fen=data["fen"])
        return Response(BoardSearchOut(found).data)
