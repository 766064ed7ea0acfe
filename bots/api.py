"""Bot endpoints under /api/v1/bots/: the list, one bot's profile, and bot-v-bot games (staff)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAdminUser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictInput
from core.serializers import ErrorSerializer
from games.api.serializers import GameStateOut, RecordOut
from games.selectors import game_state
from games.variants import DEFAULT_VARIANT

from . import selectors, services


class BotOut(serializers.Serializer):
    username = serializers.CharField()
    external = serializers.BooleanField(
        help_text="An external bot: its owner's engine plays through the Bot API (/api/bot/).")
    level = serializers.IntegerField(allow_null=True, help_text="Null for an external bot.")
    name = serializers.CharField()
    description = serializers.CharField()
    search_depth = serializers.IntegerField(allow_null=True,
                                            help_text="Plies searched; null: limited by time.")
    descriptions = serializers.DictField(child=serializers.CharField(), help_text=(
        "How it plays each variant, by variant key (`description` is the default variant's)."))
    search_depths = serializers.DictField(child=serializers.IntegerField(allow_null=True), help_text=(
        "Plies searched in each variant, by variant key (null: limited by time); a level "
        "searches Five Up fewer plies than Raumschach at the same time budget."))
    max_think_seconds = serializers.FloatField(allow_null=True,
                                               help_text="The longest it thinks per move.")
    record = RecordOut()
    variants = serializers.ListField(child=serializers.CharField(), help_text=(
        "The variant keys it plays: every variant for a built-in bot; an external bot's own "
        "list (challenges in others are declined with reason `variant`)."))


class BotGameIn(StrictInput):
    white = serializers.IntegerField(help_text="Level of the bot playing White (0..5).")
    black = serializers.IntegerField(help_text="Level of the bot playing Black (0..5).")
    variant = serializers.CharField(required=False, default=DEFAULT_VARIANT, max_length=32,
                                    help_text="The variant key (default raumschach).")


class BotListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: BotOut(many=True)}, summary="The bots, weakest first")
    def get(self, request: Request) -> Response:
        return Response([selectors.bot_profile(bot) for bot in selectors.bot_list()])


class BotDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: BotOut, 404: ErrorSerializer},
                   summary="A bot's profile: level, how it plays, record")
    def get(self, request: Request, username: str) -> Response:
        return Response(selectors.bot_profile(selectors.bot_get(username=username)))


class BotGameCreateView(APIView):
    permission_classes = [IsAdminUser]

    @extend_schema(request=BotGameIn,
                   responses={201: GameStateOut, 400: ErrorSerializer, 403: ErrorSerializer,
                              404: ErrorSerializer, 409: ErrorSerializer},
                   summary="Start a game between two bots (staff only); watch it like any game")
    def post(self, request: Request) -> Response:
        data = BotGameIn(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.bot_game_start(white_level=data.validated_data["white"],
                                       black_level=data.validated_data["black"],
                                       started_by=request.user,
                                       variant=data.validated_data["variant"])
        return Response(game_state(game, request.user), status=status.HTTP_201_CREATED)
