"""REST endpoints of the game chat: GET/POST /api/v1/games/<id>/chat/[?room=players|spectators]
and POST /api/v1/games/<id>/chat/mute/."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField, StrictInput
from core.serializers import ErrorSerializer
from games import selectors as game_selectors
from games.errors import InvalidInput

from . import selectors, services

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer,
          404: ErrorSerializer, 429: ErrorSerializer}
ROOM_PARAMETER = OpenApiParameter(
    "room", str, enum=["players", "spectators"],
    description="players: only the two players may use it; spectators: everybody else. "
                "Default: your own room.")


class ChatMessageOut(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField(help_text="The game's public id.")
    room = serializers.ChoiceField(choices=["players", "spectators"])
    author = serializers.CharField()
    text = serializers.CharField(help_text="Plain text: show it as text, never as HTML.")
    created_at = serializers.DateTimeField()


class ChatOut(serializers.Serializer):
    room = serializers.ChoiceField(choices=["players", "spectators"])
    muted = serializers.BooleanField(help_text="Whether you muted the other player here.")
    messages = ChatMessageOut(many=True)


class ChatIn(StrictInput):
    # The length limit is the service's (settings.CHAT_MAX_LENGTH, error chat_too_long), read at
    # request time rather than fixed in the field when this module is imported.
    text = StrictCharField(trim_whitespace=False, help_text=(
        f"Plain text, at most CHAT_MAX_LENGTH ({settings.CHAT_MAX_LENGTH} by default) "
        "characters after trimming."))


class ChatMuteIn(StrictInput):
    muted = serializers.BooleanField()


class ChatMuteOut(serializers.Serializer):
    muted = serializers.BooleanField()


def _room(request: Request) -> str | None:
    room = request.query_params.get("room")
    if room == "":  # not one of the enum's values: refused, not read as "your own room"
        raise InvalidInput(_("room must be players or spectators."))
    return room


class ChatView(APIView):
    @extend_schema(parameters=[ROOM_PARAMETER], responses={200: ChatOut, **ERRORS},
                   summary="A game's chat room (the latest lines, oldest first)")
    def get(self, request: Request, game_id: str) -> Response:
        game = game_selectors.game_by_public_id(public_id=game_id)
        room = selectors.chat_room_for(game=game, user=request.user, room=_room(request))
        muted = room == "players" and selectors.chat_has_muted(game=game, user=request.user)
        return Response({"room": room, "muted": muted,
                         "messages": selectors.chat_messages(game=game, user=request.user,
                                                             room=room)})

    @extend_schema(parameters=[ROOM_PARAMETER], request=ChatIn,
                   responses={201: ChatMessageOut, **ERRORS},
                   summary="Say something in a game's chat room")
    def post(self, request: Request, game_id: str) -> Response:
        game = game_selectors.game_by_public_id(public_id=game_id)
        data = ChatIn(data=request.data)
        data.is_valid(raise_exception=True)
        message = services.chat_post(game=game, user=request.user,
                                     text=data.validated_data["text"], room=_room(request))
        return Response(selectors.chat_message_data(message, game=game), status=status.HTTP_201_CREATED)


class ChatMuteView(APIView):
    @extend_schema(request=ChatMuteIn, responses={200: ChatMuteOut, **ERRORS},
                   summary="Mute (or unmute) the other player's lines in this game")
    def post(self, request: Request, game_id: str) -> Response:
        game = game_selectors.game_by_public_id(public_id=game_id)
        data = ChatMuteIn(data=request.data)
        data.is_valid(raise_exception=True)
        muted = services.chat_mute_set(game=game, user=request.user,
                                       muted=data.validated_data["muted"])
        return Response({"muted": muted})
