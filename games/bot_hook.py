"""The one place `games` reaches into `bots`, imported lazily so `games` never depends on it
at import time (ARCHITECTURE.md: games does not import bots except through this hook)."""
from __future__ import annotations


def is_bot(user) -> bool:
    """Whether `user` is a bot account (the engine plays for it)."""
    from bots import hooks

    return hooks.is_bot(user)


def request_bot_move_if_needed(game_id: int) -> None:
    """If the side to move in game `game_id` is a bot, queue its move.

    Called by the game services through `transaction.on_commit` only, so the bot sees the
    committed position."""
    from bots import hooks

    hooks.request_bot_move_if_needed(game_id)


def bot_profile(user) -> dict | None:
    """The bot part of `user`'s public profile (level, name, description, search limits,
    record), or None for a human."""
    from bots import hooks

    return hooks.bot_profile(user)
