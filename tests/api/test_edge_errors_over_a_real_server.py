"""The edges of the API over a real Daphne server with DEBUG off, as a client on the network
sees them: JSON errors for an unknown path without a CSRF cookie, a 20 MB body, an empty
multipart body and 1,000-deep JSON; no debug pages anywhere."""
from __future__ import annotations

import http.client
import json

import pytest

from tests.bots import workers
from tests.realtime.servers import DaphneServer

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]


@pytest.fixture
def server(tmp_path):
    server = DaphneServer(tmp_path / "daphne.log", database_url=workers.test_database_url(),
                          extra_env={"DEBUG": "0"})
    yield server
    server.stop()


def request(server: DaphneServer, method: str, path: str, body: bytes = b"",
            headers: dict | None = None) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def assert_json_error(answer: tuple[int, dict, bytes], status: int) -> dict:
    code, headers, body = answer
    assert code == status, (code, body[:300])
    assert headers["Content-Type"].startswith("application/json"), body[:300]
    error = json.loads(body)
    assert error["error"] and error["detail"]
    return error


def test_the_edges_of_the_api_answer_json_over_a_real_server(server):
    json_type = {"Content-Type": "application/json"}
    assert_json_error(request(server, "POST", "/api/v1/nothing/", b"{}", json_type), 404)
    assert assert_json_error(request(server, "POST", "/api/v1/accounts/signup/",
                                     b'{"p": "' + b"x" * (20 * 1024 * 1024) + b'"}',
                                     json_type), 413)["error"] == "too_large"
    assert_json_error(request(server, "POST", "/api/v1/accounts/signup/", b"",
                              {"Content-Type": "multipart/form-data; boundary=x"}), 400)
    assert_json_error(request(server, "POST", "/api/v1/accounts/token/",
                              b"[" * 1000 + b"]" * 1000, json_type), 400)
    assert_json_error(request(server, "DELETE", "/api/v1/bots/"), 405)


def test_debug_is_off_so_error_pages_give_nothing_away(server):
    status, _, body = request(server, "GET", "/no/such/page/")
    assert status == 404
    assert b"URLconf" not in body and b"Traceback" not in body
    status, _, body = request(server, "GET", "/api/v1/games/999999/")
    assert status == 404 and b"URLconf" not in body
