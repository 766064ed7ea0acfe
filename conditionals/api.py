"""REST endpoints of conditional moves, each answering for the requesting player only:
GET/PUT/DELETE /api/v1/games/<id>/conditional-moves/ and
GET /api/v1/games/<id>/conditional-moves/preview/?moves=X,Y,..."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField, StrictInput, refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games import selectors as game_selectors
from games.api.serializers import VariantOut

from . import selectors, services

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer,
          404: ErrorSerializer, 409: ErrorSerializer}


class ConditionalLineOut(serializers.Serializer):
    ply = serializers.IntegerField(help_text="The game's ply while the line waits; its first "
                                             "move is the opponent's move number ply + 1.")
    moves = serializers.ListField(child=serializers.CharField(), help_text=(
        "Coordinate moves: the opponent's, your reply, the opponent's, your reply, ..."))
    san = serializers.ListField(child=serializers.CharField(), help_text=(
        "The same moves as the move list writes them (SAN from the game's position now)."))


class ConditionalLinesOut(serializers.Serializer):
    game = serializers.CharField(help_text="The game's public id.")
    variant = VariantOut()
    ply = serializers.IntegerField(help_text="The game's ply now.")
    lines = ConditionalLineOut(many=True)


class ConditionalLinesIn(StrictInput):
    lines = serializers.ListField(
        # trim_whitespace off: " " is a malformed move (the service's code), not a blank field
        child=serializers.ListField(child=StrictCharField(min_length=1, max_length=16,
                                                          trim_whitespace=False), min_length=2),
        help_text="Replaces all your lines in this game. Each: [their move, your reply, "
                  "(their next move, your reply, ...)]; lines may branch on their moves but "
                  "must give the same reply to the same moves.")


class PreviewOut(serializers.Serializer):
    variant = VariantOut()
    fen = serializers.CharField()
    turn = serializers.ChoiceField(choices=["white", "black"])
    san = serializers.ListField(child=serializers.CharField())
    legal_moves = serializers.ListField(child=serializers.CharField())


def _game(game_id: str):
    return game_selectors.game_by_public_id(public_id=game_id)


class ConditionalLinesView(APIView):
    @extend_schema(responses={200: ConditionalLinesOut, **ERRORS},
                   summary="Your conditional moves in a game (only ever your own)")
    def get(self, request: Request, game_id: str) -> Response:
        return Response(selectors.conditional_lines_of(game=_game(game_id), user=request.user))

    @extend_schema(request=ConditionalLinesIn, responses={200: ConditionalLinesOut, **ERRORS},
                   summary="Replace your conditional moves (on your opponent's turn)")
    def put(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        data = ConditionalLinesIn(data=request.data)
        data.is_valid(raise_exception=True)
        services.conditional_lines_set(game=game, user=request.user,
                                       lines=data.validated_data["lines"])
        game.refresh_from_db()
        return Response(selectors.conditional_lines_of(game=game, user=request.user))

    @extend_schema(request=None, responses={204: None, **ERRORS},
                   summary="Delete all your conditional moves in a game")
    def delete(self, request: Request, game_id: str) -> Response:
        services.conditional_lines_clear(game=_game(game_id), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ConditionalPreviewView(APIView):
    @extend_schema(parameters=[OpenApiParameter(
                       "moves", str, description="Comma-separated coordinate moves from the "
                                                 "game's current position, e.g. Db4Db3,Bc2Bc3")],
                   responses={200: PreviewOut, **ERRORS},
                   summary="The position and legal moves after planned moves (for the editor)")
    def get(self, request: Request, game_id: str) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("moves",))
        text = request.query_params.get("moves", "")
        moves = [m for m in text.split(",") if m] if text else []
        return Response(selectors.conditional_preview(game=_game(game_id), user=request.user,
                                                      moves=moves))
