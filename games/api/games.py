"""Game endpoints: the archive, one game's state, moves, resign/draw/abort, export."""
from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games import selectors, services
from games.errors import InvalidInput

from .serializers import (AttackersOut, DrawIn, GameFilterIn, GameStateOut, GameStateQueryIn,
                          GameSummaryOut, MoveIn, MovePlayedOut)

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer,
          404: ErrorSerializer, 409: ErrorSerializer}


class GamePagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100  # bounds the cost of one archive request


def _game(game_id: int):
    """Load a game and apply its correspondence clock (a read may end an expired game)."""
    game = selectors.game_get(game_id=game_id)
    services.game_expire_if_due(game=game)
    return game


def _state(game, request: Request) -> dict:
    return selectors.game_state(game, request.user)


class GameListView(APIView):
    permission_classes = [AllowAny]
    pagination_class = GamePagination  # the schema documents the paginated object it returns

    @extend_schema(parameters=[GameFilterIn,
                               OpenApiParameter("page", int), OpenApiParameter("page_size", int)],
                   responses={200: GameSummaryOut(many=True), 400: ErrorSerializer,
                              404: ErrorSerializer},
                   summary="The game archive, filtered and paginated, newest first")
    def get(self, request: Request) -> Response:
        filters = GameFilterIn(data=request.query_params)
        filters.is_valid(raise_exception=True)
        games = selectors.games_archive(**filters.validated_data)
        paginator = GamePagination()
        page = paginator.paginate_queryset(games, request, view=self)
        return paginator.get_paginated_response(GameSummaryOut(page, many=True).data)


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[OpenApiParameter("since_ply", int, description=(
                       "Only list moves after this ply (for clients catching up)."))],
                   responses={200: GameStateOut, 400: ErrorSerializer, 404: ErrorSerializer},
                   summary="A game's state, moves and legal moves")
    def get(self, request: Request, game_id: int) -> Response:
        query = GameStateQueryIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        since_ply = query.validated_data["since_ply"]
        game = _game(game_id)
        return Response(selectors.game_state(game, request.user, since_ply=since_ply))


class GameAttackersView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[OpenApiParameter("cell", str, required=True,
                                                description="The cell, e.g. Cc3.")],
                   responses={200: AttackersOut, 400: ErrorSerializer, 404: ErrorSerializer},
                   summary="Which pieces of each side attack a cell in the current position")
    def get(self, request: Request, game_id: int) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("cell",))
        if "cell" not in request.query_params:
            raise InvalidInput("Name the cell: ?cell=Cc3.", code="bad_cell")
        return Response(selectors.game_attackers(game=_game(game_id),
                                                 cell=request.query_params["cell"]))


class GameMoveView(APIView):
    @extend_schema(request=MoveIn, responses={201: MovePlayedOut, **ERRORS},
                   summary="Play a move from the stated ply")
    def post(self, request: Request, game_id: int) -> Response:
        data = MoveIn(data=request.data)
        if not data.is_valid():
            selectors.game_get(game_id=game_id)  # a missing game is a 404 before bad input
            raise ValidationError(data.errors)
        # The service locks and reads the game itself; reading it here first cost a query.
        move = services.game_play_move(game=selectors.game_ref(game_id=game_id),
                                       user=request.user,
                                       move=data.validated_data["move"],
                                       ply=data.validated_data["ply"])
        # move.game is the locked row as the move left it, players included, and the legal
        # moves come from the move's own engine pass: no second read, no second generation.
        body = {"ply": move.ply, "move": move.coord, "san": move.san, "fen": move.fen_after,
                "game": selectors.game_state(move.game, request.user,
                                             legal_moves=move.legal_moves,
                                             checkers=move.checkers)}
        return Response(body, status=status.HTTP_201_CREATED)


class GameResignView(APIView):
    @extend_schema(request=None, responses={200: GameStateOut, **ERRORS}, summary="Resign")
    def post(self, request: Request, game_id: int) -> Response:
        game = services.game_resign(game=selectors.game_get(game_id=game_id), user=request.user)
        return Response(_state(game, request))


class GameDrawView(APIView):
    @extend_schema(request=DrawIn, responses={200: GameStateOut, **ERRORS},
                   summary="Offer a draw, or accept or decline your opponent's offer")
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.game_get(game_id=game_id)
        data = DrawIn(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.game_draw(game=game, user=request.user,
                                  action=data.validated_data["action"])
        return Response(_state(game, request))


class GameAbortView(APIView):
    @extend_schema(request=None, responses={200: GameStateOut, **ERRORS},
                   summary="Abort a game before both sides have moved")
    def post(self, request: Request, game_id: int) -> Response:
        game = services.game_abort(game=selectors.game_get(game_id=game_id), user=request.user)
        return Response(_state(game, request))


class GameExportView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={(200, "text/plain"): OpenApiResponse(OpenApiTypes.STR),
                              404: ErrorSerializer},
                   summary="The game record as text (tag pairs and numbered moves)")
    def get(self, request: Request, game_id: int) -> HttpResponse:
        game = _game(game_id)
        response = HttpResponse(selectors.game_export_text(game),
                                content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{game.variant}-{game.pk}.txt"'
        return response
