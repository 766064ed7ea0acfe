"""The rest of lichess's endpoints that its clients (lichess-bot, berserk) call: the account's
challenges, public user data, who is online, online bots, a game's export and a challenge to
the site's own bot. Thin views over the selectors; lichess's error shape (botapi.views)."""
from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bots import selectors as bot_selectors
from core.fields import StrictInput
from games import selectors as game_selectors
from games import services as game_services
from games.errors import InvalidInput
from games.models import DAYS_PER_MOVE_CHOICES
from games.variants import DEFAULT_VARIANT

from . import selectors
from .auth import CHALLENGE, EVENTS
from .views import (ERRORS, LichessError, LichessView, clock_values, days_value,
                    lichess_exception_handler)

MAX_STATUS_IDS = 100  # lichess's limit for /api/users/status
MAX_ONLINE_BOTS = 100
# lichess's AI levels 1-8 on this site's six built-in bots (levels 0-5): 1 is the weakest,
# 6, 7 and 8 the strongest.
AI_LEVELS = range(1, 9)


def site_level(lichess_level: int) -> int:
    return min(lichess_level - 1, 5)


class PublicLichessView(APIView):
    """No token needed (lichess's public reads); lichess's error shape."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    def get_exception_handler(self):
        return lichess_exception_handler


class ChallengeListView(LichessView):
    scopes = EVENTS

    @extend_schema(operation_id="lichess_challenge_list", tags=["bot-api"],
                   responses={200: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Your pending challenges: {in: [...], out: [...]}")
    def get(self, request: Request) -> Response:
        incoming, outgoing = selectors.challenges_pending(user=request.user)
        return Response({
            "in": [selectors.challenge_json(c, viewer=request.user) for c in incoming],
            "out": [selectors.challenge_json(c, viewer=request.user) for c in outgoing]})


class UserView(PublicLichessView):
    @extend_schema(operation_id="lichess_user", tags=["bot-api"],
                   responses={200: OpenApiTypes.OBJECT, 400: LichessError, 404: LichessError},
                   summary="A user's public data, lichess's shape")
    def get(self, request: Request, username: str) -> Response:
        user = game_selectors.user_get(username=username)
        return Response(selectors.user_json(user))


class UserStatusOut(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    title = serializers.CharField(required=False, help_text="BOT for bots")
    online = serializers.BooleanField(required=False, help_text="Only when true")
    playing = serializers.BooleanField(required=False, help_text="Only when true")
    playingId = serializers.CharField(required=False)  # noqa: N815 (lichess's name)


class UsersStatusView(PublicLichessView):
    @extend_schema(operation_id="lichess_users_status", tags=["bot-api"],
                   parameters=[OpenApiParameter("ids", str, required=True,
                                                description="Usernames, comma-separated (≤ 100)"),
                               OpenApiParameter("withGameIds", bool)],
                   responses={200: UserStatusOut(many=True), 400: LichessError},
                   summary="Who is online and who is playing")
    def get(self, request: Request) -> Response:
        names = [n.strip() for n in request.query_params.get("ids", "").split(",") if n.strip()]
        if not names:
            raise InvalidInput(_("Send ids: usernames separated by commas."), code="no_ids")
        if len(names) > MAX_STATUS_IDS:
            raise InvalidInput(_("At most %(count)s ids at a time.") % {"count": MAX_STATUS_IDS},
                               code="too_many_ids")
        # true/false in any case: berserk sends Python's True/False.
        flag = request.query_params.get("withGameIds", "false").lower()
        if flag not in ("true", "false"):
            raise InvalidInput(_("withGameIds must be true or false."))
        with_games = flag == "true"
        return Response(selectors.users_status(names=names, with_game_ids=with_games))


@require_GET
def bot_online(request: HttpRequest) -> HttpResponse:
    """NDJSON, one user per line: the built-in bots (always online: the server plays them) and
    the external bots with an event stream open."""
    try:
        limit = min(int(request.GET.get("nb") or MAX_ONLINE_BOTS), MAX_ONLINE_BOTS)
    except ValueError:
        return JsonResponse({"error": "nb must be a number.", "code": "invalid"}, status=400)
    lines = [json.dumps(user, separators=(",", ":")) + "\n"
             for user in selectors.bots_online(limit=max(0, limit))]
    return HttpResponse("".join(lines), content_type="application/x-ndjson")


class LichessAiIn(StrictInput):
    level = serializers.IntegerField(min_value=1, max_value=8, help_text=(
        "lichess's AI level 1-8 on the site's six bots: 1 Beginner, 2 Easy, 3 Normal, 4 Hard, "
        "5 Expert, 6-8 Master."))
    days = serializers.ChoiceField(DAYS_PER_MOVE_CHOICES, required=False, allow_null=True,
                                   help_text="Days per move (absent: no clock).")
    color = serializers.ChoiceField(["random", "white", "black"], required=False,
                                    help_text="Your colour.")
    variant = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    fen = serializers.CharField(required=False, allow_blank=True, allow_null=True)


class ChallengeAiView(LichessView):
    rate_scope = "botapi_challenge"
    scopes = CHALLENGE

    @extend_schema(operation_id="lichess_challenge_ai", tags=["bot-api"], request=LichessAiIn,
                   responses={201: OpenApiTypes.OBJECT, **ERRORS},
                   summary="Play the site's bot of a level (lichess's AI levels 1-8)")
    def post(self, request: Request) -> Response:
        LichessAiIn.check_json_types(request.data)
        data = request.data if hasattr(request.data, "get") else {}
        clock_limit, clock_increment = clock_values(data)
        # lichess requires the level: an empty request must not start a game
        if data.get("level") in (None, ""):
            raise InvalidInput(_("Name the level: level=1 to 8."), code="level")
        try:
            level = int(data.get("level"))
        except (TypeError, ValueError):
            raise InvalidInput(_("level must be 1 to 8.")) from None
        if level not in AI_LEVELS:
            raise InvalidInput(_("level must be 1 to 8."))
        bot = bot_selectors.bot_get_by_level(level=site_level(level))
        fen = data.get("fen") or ""
        variant = data.get("variant") or DEFAULT_VARIANT
        if variant == "fromPosition":
            variant = DEFAULT_VARIANT
        challenge = game_services.challenge_create(
            challenger=request.user, opponent=bot.user, color=data.get("color") or "random",
            days_per_move=days_value(data.get("days")), clock_limit=clock_limit,
            clock_increment=clock_increment, rated=False, variant=variant, fen=fen)
        challenge.refresh_from_db()
        if challenge.game_id is None:  # a built-in bot accepts at once; say so if it did not
            raise InvalidInput(_("The bot did not accept the challenge."), code="not_accepted")
        game = game_selectors.game_get(game_id=challenge.game_id)
        return Response(selectors.ai_game_json(game, request.user, level=level), status=201)
