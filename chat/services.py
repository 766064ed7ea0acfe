"""Writing to the game chat: post a line (checked, limited, stored, then announced), mute the
other player, and the bots' short lines at the start and end of a game."""
from __future__ import annotations

import unicodedata

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games import events
from games.errors import InvalidInput, NotAPlayer
from games.models import Game
from accounts.ratelimit import ratelimit_consume_sliding

from .models import ChatMessage, ChatMute
from .selectors import chat_message_data, chat_room_for

Room = ChatMessage.Room


def _clean(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidInput(_("text must be a string."), code="invalid_chat_text")
    # Control characters (other than line breaks) only serve to garble what others see.
    text = "".join(c for c in text if c in "\n\t" or unicodedata.category(c) != "Cc").strip()
    if not text:
        raise InvalidInput(_("Say something: the message is empty."), code="invalid_chat_text")
    if len(text) > settings.CHAT_MAX_LENGTH:
        raise InvalidInput(_("A message has at most %(count)s characters.")
                           % {"count": settings.CHAT_MAX_LENGTH},
                           code="chat_too_long")
    return text


def _publish(message: ChatMessage) -> None:
    game = message.game
    data = chat_message_data(message, game=game)
    if message.room == Room.SPECTATORS:
        events.publish_to_group(events.game_spectators_group(game.pk), "chat", data)
        return
    muted_by = set(ChatMute.objects.filter(game=game).values_list("user_id", flat=True))
    for player_id in (game.white_id, game.black_id):
        if player_id != message.author_id and player_id in muted_by:
            continue  # this player muted the other side
        events.publish_to_group(events.game_player_group(game.pk, player_id), "chat", data)


def _store(*, game: Game, author, room: str, text: str) -> ChatMessage:
    with transaction.atomic():
        message = ChatMessage.objects.create(game=game, room=room, author=author, text=text)
        transaction.on_commit(lambda: _publish(message), robust=True)
    return message


def chat_post(*, game: Game, user, text: object, room: object = None) -> ChatMessage:
    """Post `text` for `user` in `room` of `game` (None: the user's own room). Raises
    InvalidInput (empty, too long), NotAPlayer / NotAllowed (not this user's room) or
    RateLimited; nothing is stored then."""
    resolved = chat_room_for(game=game, user=user, room=room)
    clean = _clean(text)
    ratelimit_consume_sliding(scope="chat", key=f"user:{user.pk}")
    return _store(game=game, author=user, room=resolved, text=clean)


def chat_announce(*, game: Game, user, text: object) -> ChatMessage:
    """A player's line in the spectators' room (lichess lets players, bots above all, greet the
    spectators): written there, never read by the players while they play, so the room stays
    no channel from spectators to a player. Checks and limits as chat_post."""
    if game.player_color(user) is None:
        raise NotAPlayer(_("Only a player of this game announces to its spectators."))
    clean = _clean(text)
    ratelimit_consume_sliding(scope="chat", key=f"user:{user.pk}")
    return _store(game=game, author=user, room=Room.SPECTATORS, text=clean)


def chat_mute_set(*, game: Game, user, muted: bool) -> bool:
    """Mute (or unmute) the other player's lines for `user`, a player of `game`."""
    if game.player_color(user) is None:
        raise NotAPlayer(_("Only a player can mute the other side."))
    if not isinstance(muted, bool):
        raise InvalidInput(_("muted must be true or false."))
    if muted:
        try:
            with transaction.atomic():
                ChatMute.objects.get_or_create(game=game, user=user)
        except IntegrityError:  # a concurrent request muted first: same outcome
            pass
    else:
        ChatMute.objects.filter(game=game, user=user).delete()
    return muted


def chat_bot_say(*, game: Game, bot_user, text: str) -> ChatMessage:
    """A bot's line in the players' room (no rate limit: the site decides when bots speak)."""
    return _store(game=game, author=bot_user, room=Room.PLAYERS, text=text)
