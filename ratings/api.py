"""Ratings endpoints: the leaderboard and a player's rating history."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.serializers import ErrorSerializer
from games import selectors as game_selectors

from . import selectors


class LeaderboardRowOut(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    is_bot = serializers.BooleanField(help_text="Bots are rated in the same pool, marked here.")
    rating = serializers.IntegerField()
    rd = serializers.IntegerField()
    games_rated = serializers.IntegerField()


class RatingChangeOut(serializers.Serializer):
    game = serializers.IntegerField(source="game_id")
    rating_before = serializers.FloatField()
    rating_after = serializers.FloatField()
    rd_before = serializers.FloatField()
    rd_after = serializers.FloatField()
    score = serializers.FloatField(help_text="1 win, 0.5 draw, 0 loss.")
    at = serializers.DateTimeField(source="created_at")


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: LeaderboardRowOut(many=True)},
                   summary="Top players by rating: non-provisional, a rated game in 30 days")
    def get(self, request: Request) -> Response:
        return Response(LeaderboardRowOut(selectors.leaderboard(), many=True).data)


class RatingHistoryView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RatingChangeOut(many=True), 404: ErrorSerializer},
                   summary="A player's rating history, oldest first")
    def get(self, request: Request, username: str) -> Response:
        user = game_selectors.user_get(username=username)
        return Response(RatingChangeOut(selectors.rating_history(user_id=user.pk),
                                        many=True).data)
