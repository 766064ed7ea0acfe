"""Ratings endpoints: the leaderboard and a player's rating history."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games import selectors as game_selectors
from games.api.serializers import VariantFilterIn, VariantOut
from games.variants import DEFAULT_VARIANT, variant_json

from . import selectors


class LeaderboardRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    variant = VariantOut(help_text="The variant the rating is in.")
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

    @extend_schema_field(VariantOut)
    def get_variant(self, change) -> dict:
        return variant_json(change.game.variant)


def _variant_filter(request: Request) -> str:
    refuse_unknown_query_params(request.query_params, allowed=("variant",))
    query = VariantFilterIn(data=request.query_params)
    query.is_valid(raise_exception=True)
    return query.validated_data.get("variant", "")


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[VariantFilterIn],
                   responses={200: LeaderboardRowOut(many=True), 400: ErrorSerializer},
                   summary="Top players by rating in one variant (default raumschach): "
                           "non-provisional, a rated game of it in 30 days")
    def get(self, request: Request) -> Response:
        variant = _variant_filter(request) or DEFAULT_VARIANT
        return Response(LeaderboardRowOut(selectors.leaderboard(variant=variant),
                                          many=True).data)


class RatingHistoryView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[VariantFilterIn],
                   responses={200: RatingChangeOut(many=True), 400: ErrorSerializer,
                              404: ErrorSerializer},
                   summary="A player's rating history, oldest first (all variants, or one)")
    def get(self, request: Request, username: str) -> Response:
        variant = _variant_filter(request)
        user = game_selectors.user_get(username=username)
        changes = selectors.rating_history(user_id=user.pk, variant=variant or None)
        return Response(RatingChangeOut(changes.select_related("game"), many=True).data)
