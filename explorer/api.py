"""The opening explorer's endpoint: GET /api/v1/explorer/?variant=KEY&fen=POSITION&source=...
(lichess's explorer shape)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.http import requester_key
from accounts.ratelimit import ratelimit_consume_sliding
from core.fields import QueryCharField, QueryChoiceField, StrictInput, refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games.variants import DEFAULT_VARIANT, variant_get

from . import selectors
from .models import Source

MAX_FEN = 1000  # games.models.MAX_FEN_LENGTH: Star Trek's strings run past 400


class ExplorerQueryIn(StrictInput):
    variant = QueryCharField(required=False, default=DEFAULT_VARIANT, min_length=1, max_length=32,
                             help_text="A variant key (GET /api/v1/variants/); default raumschach.")
    fen = QueryCharField(required=False, max_length=MAX_FEN, trim_whitespace=False,
                         help_text="The position string as the variant writes it; default: the "
                                   "variant's start position.")
    source = QueryChoiceField(choices=Source.choices, required=False, default=Source.PLAYERS,
                              help_text="players: games between people; bots: games with a bot "
                                        "on either side.")


class ExplorerMoveOut(serializers.Serializer):
    move = serializers.CharField(help_text="Coordinate form, e.g. Bb2Bb3 (what the board plays).")
    san = serializers.CharField(help_text="As the move list writes it, e.g. Bb2-Bb3.")
    games = serializers.IntegerField(help_text="Counted games that played it here.")
    white = serializers.IntegerField(help_text="Of those, won by White.")
    draws = serializers.IntegerField()
    black = serializers.IntegerField(help_text="Of those, won by Black.")


class ExplorerOut(serializers.Serializer):
    moves = ExplorerMoveOut(many=True, help_text="Most played first.")
    games = serializers.IntegerField(help_text="Counted games that continued from this position.")
    white = serializers.IntegerField()
    draws = serializers.IntegerField()
    black = serializers.IntegerField()


class ExplorerView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[ExplorerQueryIn],
                   responses={200: ExplorerOut, 400: ErrorSerializer, 429: ErrorSerializer},
                   summary="The opening explorer: the moves played from a position in finished "
                           "games, with their results",
                   description=(
                       "Counted from the first 30 plies of every finished game from the "
                       "variant's start position with its default rules (aborted games "
                       "never). 400 `unknown_variant`, `bad_position` (a malformed string or "
                       "one of another variant), `invalid` (an unknown source); 429 "
                       "`rate_limited` (RATE_LIMITS[\"explorer\"], per user or address)."))
    def get(self, request: Request) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("variant", "fen", "source"))
        query = ExplorerQueryIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        ratelimit_consume_sliding(scope="explorer", key=requester_key(request))
        data = query.validated_data
        variant = variant_get(data["variant"])
        position = selectors.parse_position(data.get("fen"), variant)
        found = selectors.explorer_moves(variant=variant, position=position, source=data["source"])
        return Response(ExplorerOut(found).data)
