"""The one place `games` reaches into `bots`, imported lazily so `games` never depends on it
at import time (ARCHITECTURE.md: games does not import bots except through this hook)."""
from __future__ import annotations


def is_bot(user) -> bool:
    """Whether `user` is a bot account (the engine plays for it)."""
    from bots import hooks

    return hooks.is_bot(user)


def bot_profile(user) -> dict | None:
    """The bot part of `user`'s public profile (level, name, description, search limits,
    record), or None for a human."""
    from bots import hooks

    return hooks.bot_profile(user)
