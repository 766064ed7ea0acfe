"""Over a real Daphne process every status line carries its reason phrase (Twisted's table
lacks 429 and others: "429 Unknown Status" was sent), and an unknown path under /api/ answers
as lichess does: 404 {"error": "Not found"}."""
from __future__ import annotations

import http.client
import json
from http import HTTPStatus

import pytest
from django.db import connection

from raumschach_site import status_phrases
from tests.bots.workers import test_database_url as this_tests_database_url
from tests.realtime.servers import DaphneServer

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow]


def test_twisted_knows_a_phrase_for_every_status_once_installed():
    from twisted.web import http as twisted_http

    status_phrases.install()
    assert all(s.value in twisted_http.RESPONSES for s in HTTPStatus)
    assert twisted_http.RESPONSES[429] == b"Too Many Requests"


@pytest.fixture
def daphne(tmp_path, transactional_db):
    assert connection.vendor == "postgresql", "the server process needs the same database"
    server = DaphneServer(tmp_path / "daphne.log", database_url=this_tests_database_url(),
                          extra_env={"RATE_LIMIT_TOKEN": "1/300"})
    yield server
    server.stop()


def request(server: DaphneServer, method: str, path: str, body: bytes = b""):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    conn.request(method, path, body=body)
    response = conn.getresponse()
    return response.status, response.reason, response.read()


def test_status_lines_have_their_phrases_and_unknown_api_paths_are_lichess_s_404(daphne):
    assert request(daphne, "POST", "/api/token/test", b"nonsense")[:2] == (200, "OK")
    status, reason, _ = request(daphne, "POST", "/api/token/test", b"nonsense")
    assert (status, reason) == (429, "Too Many Requests")
    status, reason, body = request(daphne, "GET", "/api/no/such/endpoint")
    assert (status, reason) == (404, "Not Found")
    assert json.loads(body)["error"] == "Not found"
    status, reason, body = request(daphne, "POST", "/api/bot/game/x/move/y")
    assert (status, reason) == (401, "Unauthorized")
