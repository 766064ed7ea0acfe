"""What `games` knows about bot accounts without importing `bots` (docs/architecture.md: games never
imports bots; no cycle). Whether a user is a bot is read from the user's `bot` relation, which
the bots app declares; the bot part of a profile comes from a provider that `BotsConfig.ready()`
registers (none registered: nobody is shown as a bot)."""
from __future__ import annotations

from collections.abc import Callable

from games.engine_words import bot_description as bot_description_words
from games.variants import DEFAULT_VARIANT, variant_get, variant_keys

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


def bot_description(*, level: int | None, external: bool, stored: str,
                    variant: str = DEFAULT_VARIANT) -> str:
    """How a bot plays `variant`, in one line. A built-in bot is described by the level table
    the server searches that variant with: its core's (native and pure-Python levels search to
    different depths, so a page never promises six plies from a fallback core that searches
    four) and the variant's own (Five Up searches fewer plies than Raumschach at the same
    budgets; engine/search/levels.py levels_for). An external bot keeps its owner's text. One
    place for the bots app's profiles and the games app's bot list."""
    found = None if external else engine_level(level, variant)
    return bot_description_words(found.description) if found is not None else stored


def engine_level(level: int | None, variant: str = DEFAULT_VARIANT):
    """The engine.search Level the built-in bot of `level` plays `variant` with (None: no such
    level): the table of the core that searches the variant, with the variant's tuning."""
    from engine.search.levels import core_for, levels_for

    game = variant_get(variant)
    return levels_for(core_for(game), game).get(level) if level is not None else None


def bot_descriptions(*, level: int | None, external: bool, stored: str) -> list[dict]:
    """bot_description in every variant, the default variant first:
    [{variant, name, description}]."""
    keys = sorted(variant_keys(), key=lambda key: key != DEFAULT_VARIANT)
    return [{"variant": key, "name": variant_get(key).name,
             "description": bot_description(level=level, external=external, stored=stored, variant=key)}
            for key in keys]
