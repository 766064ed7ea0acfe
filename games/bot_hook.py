"""What `games` knows about bot accounts without importing `bots` (docs/architecture.md: games never
imports bots; no cycle). Whether a user is a bot is read from the user's `bot` relation, which
the bots app declares; the bot part of a profile comes from a provider that `BotsConfig.ready()`
registers (none registered: nobody is shown as a bot)."""
from __future__ import annotations

from collections.abc import Callable

from games.variants import DEFAULT_VARIANT

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


def is_engine_bot(user) -> bool:
    """Whether the site's engine plays for `user` (a built-in bot: it accepts challenges at
    once and sends none). An external bot (upgraded through the Bot API, `external` on its
    Bot row) answers challenges through its owner's program, like a person."""
    if not is_bot(user):
        return False
    return not getattr(user.bot, "external", False)


def bot_plays_variant(user, variant: str) -> bool:
    """Whether `user` takes challenges in `variant`: everybody does except an external bot
    that did not list it (none listed: Raumschach only, the one game before variants)."""
    if not is_bot(user) or not getattr(user.bot, "external", False):
        return True
    return variant in (user.bot.variants or [DEFAULT_VARIANT])


def bot_profile(user) -> dict | None:
    """The bot part of `user`'s public profile (level, name, description, search limits,
    record), or None for a human."""
    if _profile_provider is None or not is_bot(user):
        return None
    return _profile_provider(user)


def bot_description(*, level: int | None, external: bool, stored: str) -> str:
    """How a bot plays, in one line. A built-in bot is described by the level table of the core
    this server runs (native and pure-Python levels search to different depths), so a page
    never promises six plies from a fallback core that searches four; an external bot keeps its
    owner's text. One place for the bots app's profiles and the games app's bot list."""
    from engine.search import LEVELS

    if not external and level in LEVELS:
        return LEVELS[level].description
    return stored
