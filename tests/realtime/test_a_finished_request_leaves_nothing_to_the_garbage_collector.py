"""A move's request, served by Django's ASGI handler as Daphne serves it, is freed when it is
done (raumschach_site/request_cycles.py, core.fields.StrictInput.is_valid): its request, DRF
Request, view, Response and input serializer are not left in reference cycles for the
collector, whose young collections of them were 30-110 ms pauses at 1,000 live games (issue
30). The handler is called directly: a test client keeps the request and response in cycles
of its own (response.json, response.asgi_request)."""
from __future__ import annotations

import asyncio
import gc
import json

import pytest
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase
from rest_framework.fields import Field
from rest_framework.request import Request
from rest_framework.views import APIView

import engine
from accounts.services import api_token_create
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db(transaction=True)

# Serializers and their fields are rest_framework Fields.
LEFT_TO_THE_COLLECTOR = (HttpRequest, Request, APIView, HttpResponseBase, Field)


def _post(path: str, body: dict, token: str) -> list[dict]:
    raw = json.dumps(body).encode()
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "POST", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "client": ("127.0.0.1", 40000),
             "server": ("127.0.0.1", 8000),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                         (b"content-length", str(len(raw)).encode()),
                         (b"authorization", f"Token {token}".encode())]}
    sent: list[dict] = []
    body_sent = False

    async def receive() -> dict:
        nonlocal body_sent
        if not body_sent:
            body_sent = True
            return {"type": "http.request", "body": raw, "more_body": False}
        await asyncio.Future()  # the client stays connected (Django listens for a disconnect)

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(ASGIHandler()(scope, receive, send))
    return sent


@pytest.fixture
def game_and_token():
    alice, bob = make_user("alice"), make_user("bob")
    game = make_game(alice, bob)
    _, white = api_token_create(user=alice, name="test")
    _, black = api_token_create(user=bob, name="test")
    return game, (white, black)


def _opening(plies: int) -> list[str]:
    position, line = engine.Position.start(), []
    for _ in range(plies):
        move = min(position.legal_moves(), key=lambda legal: legal.coord())
        line.append(move.coord())
        position.push(move)
    return line


def _play(game_and_token) -> list[str]:
    """Plays four moves; the type names of the request-made objects the collector finds."""
    game, tokens = game_and_token
    path = f"/api/v1/games/{game.public_id}/moves/"
    moves = _opening(4)
    # Warm-up: what is imported or cached once is not the request's.
    assert _post(path, {"move": moves[0], "ply": 0}, tokens[0])[0]["status"] == 201
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for ply in range(1, len(moves)):
            answer = _post(path, {"move": moves[ply], "ply": ply}, tokens[ply % 2])
            assert answer[0]["status"] == 201, answer
        gc.collect()
        return [type(thing).__name__ for thing in gc.garbage
                if isinstance(thing, LEFT_TO_THE_COLLECTOR)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_a_move_s_request_view_and_response_are_freed_when_it_is_done(game_and_token):
    assert _play(game_and_token) == []


def test_without_the_middleware_they_would_wait_for_the_collector(game_and_token, settings):
    # The check above can fail: Django and DRF do leave these objects in cycles.
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE
                           if not name.endswith("RequestCyclesMiddleware")]
    left = _play(game_and_token)
    assert {"ASGIRequest", "Request", "GameMoveView", "Response"} <= set(left)


def test_without_the_serializer_s_release_its_fields_would_wait_too(game_and_token,
                                                                     monkeypatch):
    from core.fields import StrictInput
    from rest_framework import serializers
    monkeypatch.setattr(StrictInput, "is_valid", serializers.Serializer.is_valid)
    assert {"MoveIn", "StrictCharField", "StrictIntegerField"} <= set(_play(game_and_token))
