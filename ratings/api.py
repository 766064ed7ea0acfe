"""Ratings endpoints: the leaderboard and a player's rating history."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import QueryChoiceField, refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games import selectors as game_selectors
from games.api.serializers import VariantFilterIn, VariantOut
from games.clock import CORRESPONDENCE, SPEEDS
from games.variants import DEFAULT_VARIANT, variant_json

from . import selectors


class LeaderboardRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    variant = VariantOut(help_text="The variant the rating is in.")
    speed = serializers.CharField(help_text="The speed the rating is in (bullet, blitz, rapid, "
                                  "classical, correspondence).")
    username = serializers.CharField()
    is_bot = serializers.BooleanField(help_text="Bots are rated in the same pool, marked here.")
    rating = serializers.IntegerField()
    rd = serializers.IntegerField()
    games_rated = serializers.IntegerField()


class RatingChangeOut(serializers.Serializer):
    game = serializers.CharField(source="game.public_id", help_text="The game's public id.")
    variant = serializers.SerializerMethodField(help_text="The game's variant: each variant "
                                                "has its own rating.")
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    rd_before = serializers.FloatField()
    rd_after = serializers.FloatField()
    score = serializers.FloatField(help_text="1 win, 0.5 draw, 0 loss.")
    at = serializers.DateTimeField(source="created_at")

    speed = serializers.CharField(source="game.speed", help_text="The game's speed: each "
                                  "has its own rating.")

    @extend_schema_field(VariantOut)
    def get_variant(self, change) -> dict:
        return variant_json(change.game.variant)


class RatingFilterIn(VariantFilterIn):
    speed = QueryChoiceField(choices=SPEEDS, required=False, help_text=(
        "A speed: each game has a rating per speed, as on lichess (the leaderboard's default: "
        "correspondence)."))


def _filters(request: Request) -> tuple[str, str]:
    refuse_unknown_query_params(request.query_params, allowed=("variant", "speed"))
    query = RatingFilterIn(data=request.query_params)
    query.is_valid(raise_exception=True)
    return query.validated_data.get("variant", ""), query.validated_data.get("speed", "")


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[RatingFilterIn],
                   responses={200: LeaderboardRowOut(many=True), 400: ErrorSerializer},
                   summary="Top players by rating in one variant (default raumschach) at one "
                           "speed (default correspondence): non-provisional, a rated game of "
                           "it in 30 days")
    def get(self, request: Request) -> Response:
        variant, speed = _filters(request)
        rows = selectors.leaderboard(variant=variant or DEFAULT_VARIANT,
                                     speed=speed or CORRESPONDENCE)
        return Response(LeaderboardRowOut(rows, many=True).data)


class RatingHistoryView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[RatingFilterIn],
                   responses={200: RatingChangeOut(many=True), 400: ErrorSerializer,
                              404: ErrorSerializer},
                   summary="A player's rating history, oldest first (all variants and speeds, "
                           "or one)")
    def get(self, request: Request, username: str) -> Response:
        variant, speed = _filters(request)
        user = game_selectors.user_get(username=username)
        changes = selectors.rating_history(user_id=user.pk, variant=variant or None,
                                           speed=speed or None)
        return Response(RatingChangeOut(changes.select_related("game"), many=True).data)
