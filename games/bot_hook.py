"""What `games` knows about bot accounts without importing `bots` (ARCHITECTURE.md: games never
imports bots; no cycle). Whether a user is a bot is read from the user's `bot` relation, which
the bots app declares; the bot part of a profile comes from a provider that `BotsConfig.ready()`
registers (none registered: nobody is shown as a bot)."""
from __future__ import annotations

from collections.abc import Callable

_profile_provider: Callable[[object], dict | None] | None = None


def register_bot_profile(provider: Callable[[object], dict | None]) -> None:
    """Called once by the bots app: `provider(user)` returns a bot's public profile part."""
    global _profile_provider
    _profile_provider = provider


def is_bot(user) -> bool:
    """Whether `user` is a bot account (the engine plays for it)."""
    if user is None or not getattr(user, "pk", None):
        return False
    # The reverse one-to-one raises (an AttributeError) for a user without a Bot row.
    return getattr(user, "bot", None) is not None


def bot_profile(user) -> dict | None:
    """The bot part of `user`'s public profile (level, name, description, search limits,
    record), or None for a human."""
    if _profile_provider is None or not is_bot(user):
        return None
    return _profile_provider(user)
