"""Reads of the game chat, with the one rule of who may use which room."""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from games.errors import InvalidInput, NotAllowed, NotAPlayer
from games.models import Game

from .models import ChatMessage, ChatMute

Room = ChatMessage.Room


def chat_room_for(*, game: Game, user, room: object = None) -> str:
    """The room `user` may use in `game`: players only in the players' room, everybody else only
    in the spectators' room (so neither side ever reads the other's). `room` None picks the
    user's own; a room the user may not use raises NotAPlayer / NotAllowed."""
    is_player = game.player_color(user) is not None
    if room in (None, ""):
        return Room.PLAYERS if is_player else Room.SPECTATORS
    if room not in Room.values:
        raise InvalidInput(_("room must be players or spectators."))
    if room == Room.PLAYERS and not is_player:
        raise NotAPlayer(_("Only the two players read and write the players' room."))
    if room == Room.SPECTATORS and is_player:
        raise NotAllowed(_("Players do not read or write the spectators' room."),
                         code="spectators_only")
    return room


def chat_has_muted(*, game: Game, user) -> bool:
    return ChatMute.objects.filter(game=game, user=user).exists()


def chat_message_data(message: ChatMessage, *, game: Game) -> dict:
    """One line of `game` as REST and the socket send it (text is plain text: clients show it
    as text); `game` names it by its public id."""
    return {"id": message.pk, "game": game.public_id, "room": message.room,
            "author": message.author.username, "text": message.text,
            "created_at": message.created_at.isoformat()}


def chat_messages(*, game: Game, user, room: str) -> list[dict]:
    """The last CHAT_HISTORY lines of `room`, oldest first; a player who muted the other side
    does not get the other player's lines."""
    lines = ChatMessage.objects.filter(game=game, room=room).select_related("author")
    if room == Room.PLAYERS and chat_has_muted(game=game, user=user):
        lines = lines.filter(author=user)
    newest = list(lines.order_by("-id")[: settings.CHAT_HISTORY])
    return [chat_message_data(m, game=game) for m in reversed(newest)]
