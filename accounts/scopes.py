"""The scopes of an API token, as lichess's personal tokens have them: chosen when the token is
created (default: every scope the site knows), reported by /api/token/test, checked by the
endpoints (a call outside its token's scopes: 403 "Missing scope", lichess's answer). lichess's
names where lichess has the scope; `site:api` is ours (the REST API and the game websockets)."""
from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _

# What each scope allows, in words for the profile page (marked: the page speaks German too).
SCOPES: dict[str, str] = {
    "challenge:read": _("Read incoming challenges (the event stream)"),
    "challenge:write": _("Create, accept, decline and cancel challenges"),
    "board:play": _("Play with the Board API (people's accounts)"),
    "bot:play": _("Play with the Bot API (bot accounts; also upgrading an account to a bot)"),
    "site:api": _("Not in lichess: the site's REST API (/api/v1/) and game websockets"),
}
ALL: tuple[str, ...] = tuple(SCOPES)
SITE_API = "site:api"


def all_scopes() -> str:
    """The stored form of every scope (the default of a new token, and of tokens made before
    scopes existed)."""
    return ",".join(ALL)


def parse(value: str | Iterable[str] | None) -> tuple[str, ...] | None:
    """Scopes from a comma-separated string or a list, in the site's order; None for absent
    (the default: all). Raises ValueError naming an unknown scope."""
    if value is None:
        return None
    items = value.split(",") if isinstance(value, str) else list(value)
    names = {str(item).strip() for item in items if str(item).strip()}
    unknown = sorted(names - set(ALL))
    if unknown:
        raise ValueError(f"Unknown scope {unknown[0]!r}; the scopes are {', '.join(ALL)}.")
    return tuple(name for name in ALL if name in names)
