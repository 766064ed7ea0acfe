"""The two NDJSON stream endpoints as async Django views (DRF views are synchronous and would
hold a worker thread for as long as a stream is open). Checks run before the response starts,
so a refused stream is an ordinary JSON error."""
from __future__ import annotations

from channels.db import database_sync_to_async
from django.db import OperationalError
from django.http import HttpRequest, JsonResponse, StreamingHttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from rest_framework import exceptions

from games import selectors as game_selectors
from games import services as game_services
from core.errors import SiteError
from accounts.errors import MissingScope
from accounts.ratelimit import ratelimit_consume
from games.errors import NotAPlayer

from . import selectors, services, streams
from .auth import EVENTS, ROLE_SCOPES, check_scopes, scope_headers, user_and_token
from .views import check_role


def _error(status: int, message: str, code: str, headers: dict | None = None) -> JsonResponse:
    response = JsonResponse({"error": message, "code": code}, status=status)
    for name, value in (headers or {}).items():
        response[name] = value
    return response


def _open(request: HttpRequest, role: str | None, what: str, game_id: str | None):
    """Authenticate, check the account may open this stream, take a stream slot. Returns
    (user, game or None, slot keys) or a JsonResponse refusing it."""
    try:
        found = user_and_token(request.headers.get("Authorization"))
    except exceptions.AuthenticationFailed as exc:
        return _error(401, str(exc.detail), "authentication_failed")
    if found is None:
        response = _error(401, _("Send 'Authorization: Bearer <token>'."), "not_authenticated")
        response["WWW-Authenticate"] = "Bearer"
        return response
    user, token = found
    game = None
    try:
        check_scopes(token, ROLE_SCOPES[role] if role else EVENTS)
        check_role(user, role)
        if game_id is not None:
            game = game_selectors.game_by_public_id(public_id=game_id)
            if game.player_color(user) is None:
                raise NotAPlayer()
            game_services.game_expire_if_due(game=game)
            what = f"game-{game.pk}"
        ratelimit_consume(scope="botapi_stream", key=str(user.pk))
    except MissingScope as exc:
        return _error(exc.status, exc.detail, exc.code, scope_headers(exc))
    except SiteError as exc:
        status = 400 if exc.status in (403, 409) else exc.status
        headers = {"Retry-After": str(exc.retry_after)} if hasattr(exc, "retry_after") else None
        return _error(status, exc.detail, exc.code, headers)
    slot = services.stream_slot_acquire(user_id=user.pk, token_id=token.pk, what=what)
    if isinstance(slot, int):
        return _error(429, _("Too many open streams: at most BOTAPI_MAX_STREAMS per account "
                             "(a new stream of the same token and game replaces the old one). "
                             "Close one and retry; Retry-After says when the soonest place "
                             "lapses if its client is gone without closing it."), "too_many_streams",
                      {"Retry-After": str(slot)})
    return user, game, slot


async def _open_async(request: HttpRequest, role: str | None, what: str, game_id: str | None):
    """`_open` in a worker thread; an overloaded database is a 503 to retry, never a 500
    (as the REST API answers it)."""
    try:
        return await database_sync_to_async(_open)(request, role, what, game_id)
    except OperationalError:
        return _error(503, _("The server is busy; nothing was changed. Try again."), "unavailable",
                      {"Retry-After": "1"})


def _streaming(content, slot: services.StreamSlot) -> StreamingHttpResponse:
    response = StreamingHttpResponse(streams.released(content, slot),
                                     content_type=streams.NDJSON)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # a proxy must pass lines on as they come
    # `released` frees the slot when the content ends or is closed (a client going away: the
    # ASGI handler cancels the response and closes its iterator); a response closed without
    # its iterator (a test client) frees it here.
    response._resource_closers.append(lambda: services.stream_slot_release(slot))
    return response


@require_GET
async def event_stream(request: HttpRequest):
    opened = await _open_async(request, None, "events", None)
    if isinstance(opened, JsonResponse):
        return opened
    user, _, slot = opened
    return _streaming(streams.event_stream(user=user, slot=slot), slot)


def _game_stream(role: str):
    @require_GET
    async def view(request: HttpRequest, game_id: str):
        opened = await _open_async(request, role, f"game-{game_id}", game_id)
        if isinstance(opened, JsonResponse):
            return opened
        user, game, slot = opened
        pk = game.pk

        def read_full() -> dict:
            return selectors.game_full_json(game_selectors.game_get(game_id=pk))

        def read_state() -> dict:
            return selectors.game_state_json(game_selectors.game_get(game_id=pk))

        content = streams.game_stream(game_id=pk, user_id=user.pk, slot=slot,
                                      read_full=database_sync_to_async(read_full),
                                      read_state=database_sync_to_async(read_state))
        return _streaming(content, slot)

    view.__name__ = f"{role}_game_stream"
    return view


bot_game_stream = _game_stream("bot")
board_game_stream = _game_stream("board")
