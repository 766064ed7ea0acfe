"""What chat listens to: the games signals (bots greet at the start and say "good game" at the
end) and the game socket's "chat" message."""
from __future__ import annotations

import logging

from django.db import transaction
from django.utils.translation import gettext_lazy

from accounts.language import in_language_of

from games import bot_hook, selectors, signals
from games.models import Game
from games.realtime import handlers

from . import services

logger = logging.getLogger(__name__)

BOT_GREETING = gettext_lazy("Hello! Good luck and have fun.")
BOT_GOOD_GAME = gettext_lazy("Good game! Thank you for playing.")


def _bots_of(game: Game) -> list:
    # Built-in bots only: an external bot's owner says what it says (through the Bot API).
    return [user for user in (game.white, game.black) if bot_hook.is_engine_bot(user)]


def _bot_says(game: Game, bot_user, text) -> None:
    # The line is stored as words, so it is worded once, in the language of the one it is said
    # to (a bot playing a bot speaks the site's default).
    opponent = game.black if bot_user.pk == game.white_id else game.white
    with in_language_of(opponent):
        services.chat_bot_say(game=game, bot_user=bot_user, text=str(text))


def bots_greet(sender, game_id: int, **kwargs) -> None:
    """After commit of a new game: each bot in it says hello."""
    game = selectors.game_get(game_id=game_id)
    for bot_user in _bots_of(game):
        _bot_says(game, bot_user, BOT_GREETING)


def bots_say_good_game(sender, game: Game, **kwargs) -> None:
    """Inside the ending transaction: the line is written only once the ending commits."""
    game_id = game.pk

    def say() -> None:
        ended = selectors.game_get(game_id=game_id)
        for bot_user in _bots_of(ended):
            _bot_says(ended, bot_user, BOT_GOOD_GAME)

    transaction.on_commit(say, robust=True)


def chat_from_socket(*, game_id: int, user, content: dict) -> None:
    """{"type": "chat", "text": "...", "room": optional}: like POST .../chat/."""
    game = selectors.game_get(game_id=game_id)
    services.chat_post(game=game, user=user, text=content.get("text"), room=content.get("room"))


def connect() -> None:
    signals.game_started.connect(bots_greet, weak=False, dispatch_uid="chat.bots_greet")
    signals.game_ending.connect(bots_say_good_game, weak=False,
                                dispatch_uid="chat.bots_say_good_game")
    handlers.register("chat", chat_from_socket)
