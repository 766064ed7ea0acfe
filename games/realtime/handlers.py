"""Client message types that other apps add to the game socket (`ws/games/<id>/`).

`games` knows moves; chat (and whatever comes next) plugs its own message types in here from
its AppConfig.ready(), so the consumer never imports those apps (docs/architecture.md layering).
A handler is a plain sync function `handler(*, game_id: int, user, content: dict) -> None`
that calls its app's services and raises an error of the one hierarchy (`SiteError`: a
`GameError`, `RateLimited`...) to refuse; the consumer runs it in a worker thread and sends a
refusal back as the usual error message.
"""
from __future__ import annotations

from collections.abc import Callable

Handler = Callable[..., None]

_handlers: dict[str, Handler] = {}


def register(message_type: str, handler: Handler) -> None:
    if message_type == "move":
        raise ValueError("the game socket's own message type cannot be replaced")
    _handlers[message_type] = handler


def handler_for(message_type: object) -> Handler | None:
    return _handlers.get(message_type) if isinstance(message_type, str) else None
