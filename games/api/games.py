"""Game endpoints: the archive, one game's state, moves, resign/draw/abort, export."""
from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from core.fields import refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games import selectors, services
from games.errors import InvalidInput

from .serializers import (ArchivePageIn, AttackersOut, DrawIn, GameArchivePageOut,
                          GameFilterIn, GameImportIn, GameStateOut, GameStateQueryIn,
                          ImportErrorOut, MoveIn, MovePlayedOut, TakebackIn)

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer,
          404: ErrorSerializer, 409: ErrorSerializer}


def _game(game_id: str):
    """Load a game and apply its correspondence clock (a read may end an expired game)."""
    game = selectors.game_by_public_id(public_id=game_id)
    services.game_expire_if_due(game=game)
    return game


def _state(game, request: Request) -> dict:
    return selectors.game_state(game, request.user)


class GameListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="v1_games_list", parameters=[GameFilterIn, ArchivePageIn],
                   responses={200: GameArchivePageOut, 400: ErrorSerializer,
                              404: ErrorSerializer},
                   summary="The game archive, filtered, newest first, paged by cursor",
                   description=(
                       "Running games first (latest activity first), then ended games by when "
                       "they ended. Pages are reached through `next` / `previous` (a cursor), "
                       "not by number: `?page=` is refused since v1.1 (issue 30). `count` is "
                       "exact up to 1000; past that `count_capped` is true."))
    def get(self, request: Request) -> Response:
        if "page" in request.query_params:
            raise InvalidInput(_("The archive pages by cursor: follow next / previous."),
                               code="bad_cursor")
        filters = GameFilterIn(data=request.query_params)
        filters.is_valid(raise_exception=True)
        where = ArchivePageIn(data=request.query_params)
        where.is_valid(raise_exception=True)
        page = selectors.games_archive(**filters.validated_data,
                                       cursor=where.validated_data["cursor"],
                                       size=where.validated_data["page_size"])
        return Response(GameArchivePageOut({
            "count": page.count, "count_capped": page.count_capped,
            "next": _link(request, page.next_cursor),
            "previous": _link(request, page.previous_cursor),
            "results": page.rows}).data)


def _link(request: Request, cursor: str | None) -> str | None:
    if cursor is None:
        return None
    return replace_query_param(request.build_absolute_uri(), "cursor", cursor)


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[GameStateQueryIn],
                   responses={200: GameStateOut, 400: ErrorSerializer, 404: ErrorSerializer},
                   summary="A game's state, moves and legal moves")
    def get(self, request: Request, game_id: str) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("since_ply",))
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
    def get(self, request: Request, game_id: str) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("cell",))
        if "cell" not in request.query_params:
            raise InvalidInput(_("Name the cell: ?cell=Cc3."), code="bad_cell")
        return Response(selectors.game_attackers(game=_game(game_id),
                                                 cell=request.query_params["cell"]))


class GameMoveView(APIView):
    @extend_schema(request=MoveIn, responses={201: MovePlayedOut, **ERRORS},
                   summary="Play a move from the stated ply",
                   description=(
                       "The answer's `game.moves` lists only the moves after the stated ply "
                       "(`game.moves_since`): the move played (and a planned reply played at "
                       "once). Since v1.1 (issue 30); before, it listed the whole game. A "
                       "client that missed moves reads GET .../?since_ply=<ply>."))
    def post(self, request: Request, game_id: str) -> Response:
        data = MoveIn(data=request.data)
        if not data.is_valid():
            # a missing game is a 404 before bad input
            selectors.game_by_public_id(public_id=game_id)
            raise ValidationError(data.errors)
        # The service locks and reads the game itself; reading it here first cost a query.
        move = services.game_play_move(game=selectors.game_public_ref(public_id=game_id),
                                       user=request.user,
                                       move=data.validated_data["move"],
                                       ply=data.validated_data["ply"])
        # move.game is the locked row as the move left it, players included, and the legal
        # moves come from the move's own engine pass: no second read, no second generation.
        # Its move list holds only what came after the stated ply (the answer's size does not
        # grow with the game; the client has the moves before it).
        body = {"ply": move.ply, "move": move.coord, "san": move.san, "fen": move.fen_after,
                "game": selectors.game_state(move.game, request.user,
                                             since_ply=data.validated_data["ply"],
                                             legal_moves=move.legal_moves,
                                             checkers=move.checkers)}
        return Response(MovePlayedOut(body).data, status=status.HTTP_201_CREATED)


class GameResignView(APIView):
    @extend_schema(request=None, responses={200: GameStateOut, **ERRORS}, summary="Resign")
    def post(self, request: Request, game_id: str) -> Response:
        game = services.game_resign(game=selectors.game_by_public_id(public_id=game_id),
                                    user=request.user)
        return Response(_state(game, request))


class GameDrawView(APIView):
    @extend_schema(request=DrawIn, responses={200: GameStateOut, **ERRORS},
                   summary="Offer a draw, or accept or decline your opponent's offer")
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_by_public_id(public_id=game_id)
        data = DrawIn(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.game_draw(game=game, user=request.user,
                                  action=data.validated_data["action"])
        return Response(_state(game, request))


class GameTakebackView(APIView):
    @extend_schema(request=TakebackIn, responses={200: GameStateOut, **ERRORS},
                   summary="Offer to take back your last move, or accept or decline your "
                           "opponent's offer (casual games)",
                   description=(
                       "Accepted, the offerer's last move is taken back, and the opponent's "
                       "reply too if there is one: the offerer is to move. Refused in rated "
                       "games (403 takeback_rated). An offer lapses when a move is played."))
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_by_public_id(public_id=game_id)
        data = TakebackIn(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.game_takeback(game=game, user=request.user,
                                      action=data.validated_data["action"])
        return Response(_state(game, request))


class GameAbortView(APIView):
    @extend_schema(request=None, responses={200: GameStateOut, **ERRORS},
                   summary="Abort a game before both sides have moved")
    def post(self, request: Request, game_id: str) -> Response:
        game = services.game_abort(game=selectors.game_by_public_id(public_id=game_id),
                                   user=request.user)
        return Response(_state(game, request))


class GameExportView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={(200, "text/plain"): OpenApiResponse(OpenApiTypes.STR),
                              404: ErrorSerializer},
                   summary="The game record as text (tag pairs and numbered moves)")
    def get(self, request: Request, game_id: str) -> HttpResponse:
        game = _game(game_id)
        response = HttpResponse(selectors.game_export_text(game),
                                content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{game.variant}-{game.public_id}.txt"'
        return response


class GameImportView(APIView):
    @extend_schema(request=GameImportIn,
                   responses={201: GameStateOut, 400: ImportErrorOut, 401: ErrorSerializer,
                              403: ErrorSerializer, 429: ErrorSerializer},
                   summary="Import a game record (the site's export, or a bare move list)",
                   description=(
                       "Every move is replayed by the engine; the game is stored finished, "
                       "unrated and marked `imported` (in the archive, analysable; counted in "
                       "no rating, record, leaderboard, explorer or tournament), or nothing is "
                       "stored. The result is the engine's when the final position ends the "
                       "game (a record saying otherwise is refused: result_mismatch), else the "
                       "record's (Termination resign, timeout or agreement). A refusal names "
                       "the line and the move (`line`, `ply`, `move`) and why. Limited per "
                       "account (429 rate_limited)."))
    def post(self, request: Request) -> Response:
        data = GameImportIn(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.game_import(user=request.user, text=data.validated_data["text"])
        game = selectors.game_get(game_id=game.pk)
        return Response(selectors.game_state(game, request.user), status=status.HTTP_201_CREATED)
