"""Schemathesis generates requests from the OpenAPI schema for every operation (valid shapes
and, in a second pass, invalid ones) and sends them to the site in-process, with every check it
has (`--checks all`); there must be no failure of any kind. The NDJSON streams are included:
they never end, so they are read for at most STREAM_READ_SECONDS through the ASGI application
(a bounded read; their keep-alive lines defeat a per-read timeout) and checked on what came.

Valid data may still be refused by a rule of the game or the site (an illegal move, a weak
password, a game that is over: 400 with the rule's code, as the schema's descriptions say); it
is never refused as malformed input (`invalid`, `malformed_json`): a second check,
`valid_shapes_pass_validation`, holds the schema to that.

Bounded and reproducible: a fixed number of examples per operation and mode, derandomized
(Hypothesis derives the examples from the test itself, so every run sends the same requests).
The figures (requests sent, 5xx, failures) are printed and kept in test-artifacts/.
"""
from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from pathlib import Path

import pytest
import requests
import schemathesis
from asgiref.sync import async_to_sync
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import CHECKS as REGISTERED_CHECKS
from schemathesis.checks import load_all_checks
from schemathesis.config import SchemathesisConfig
from schemathesis.core.failures import Failure, FailureGroup
from schemathesis.core.transport import Response
from schemathesis.generation import GenerationMode
from schemathesis.transport.prepare import get_exclude_headers

from botapi.openapi import STREAM_TAG
from games.models import Game
from tests.site_fixtures import make_user, token_client

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

EXAMPLES = {GenerationMode.POSITIVE: 12, GenerationMode.NEGATIVE: 6}  # per operation
STREAM_READ_SECONDS = 1.5
STREAM_READ_BYTES = 64 * 1024
# Codes that mean "your input does not have the documented shape": never for valid data.
SHAPE_CODES = {"invalid", "malformed_json", "parse_error", "unsupported_media_type"}


@schemathesis.check
def valid_shapes_pass_validation(ctx, response, case) -> bool | None:
    """A schema-valid request is never refused as malformed: if the API answers 400 to it, the
    code names a rule (illegal_move, weak_password, game_over...), not a shape."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    if response.status_code != 400:
        return None
    try:
        body = json.loads(response.content)
    except ValueError:
        raise AssertionError("a 400 without a JSON error") from None
    code = body.get("code") or body.get("error")
    if code in SHAPE_CODES:
        raise AssertionError(f"schema-valid data refused as {code}: {body}")
    return None


# Every check schemathesis has (`--checks all`): server errors, conformance of status, content
# type, headers and body, invalid data refused (wrong types included: "ply": "0"), valid data
# accepted, missing auth and undocumented methods refused, Allow headers, resources that
# should (not) exist after a delete, authorization between users; and the one above.
load_all_checks()
CHECKS = REGISTERED_CHECKS.get_all()
# Valid data is accepted or refused by a rule: 400 joins schemathesis's default list (2xx, 3xx,
# 401, 403, 404, 409, 429) and valid_shapes_pass_validation then holds the 400s to rule codes.
# Invalid data is refused, by schemathesis's list, or sent on: an all-digit game id breaks the
# public id's pattern, and is an old integer id when a game has it, answered with a permanent
# redirect (301/308, documented) to the public id before anything else is read; the request is
# checked where it is sent.
CONFIG = SchemathesisConfig.from_dict({"checks": {
    "positive_data_acceptance": {
        "expected-statuses": ["2xx", "3xx", "400", "401", "403", "404", "409", "429"]},
    "negative_data_rejection": {
        "expected-statuses": ["301", "308", "400", "401", "403", "404", "405", "406", "409", "415",
                              "422", "428", "429", "5xx"]}}})
ARTIFACT = Path(__file__).resolve().parents[2] / "test-artifacts" / "schema-fuzz.json"


async def _bounded_asgi_call(app, method: str, path: str, query: str, headers: dict,
                             body: bytes) -> tuple[int, list[tuple[str, str]], bytes, bool]:
    """Call the ASGI app and read its answer for at most STREAM_READ_SECONDS (and
    STREAM_READ_BYTES), then hang up as a client would. Returns (status, headers, body, cut)."""
    disconnect = asyncio.Event()
    started: dict = {}
    chunks: list[bytes] = []
    finished = asyncio.Event()
    sent_body = False

    async def receive():
        nonlocal sent_body
        if not sent_body:
            sent_body = True
            return {"type": "http.request", "body": body, "more_body": False}
        await disconnect.wait()
        return {"type": "http.disconnect"}

    async def send(message):
        if message["type"] == "http.response.start":
            started.update(message)
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                finished.set()

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": query.encode(), "root_path": "", "client": ("127.0.0.1", 50000),
             "server": ("testserver", 80),
             "headers": [(k.lower().encode(), str(v).encode()) for k, v in headers.items()]}
    task = asyncio.ensure_future(app(scope, receive, send))
    deadline = time.monotonic() + STREAM_READ_SECONDS
    while (not finished.is_set() and time.monotonic() < deadline
           and sum(map(len, chunks)) < STREAM_READ_BYTES and not task.done()):
        await asyncio.sleep(0.05)
    cut = not finished.is_set()
    disconnect.set()
    try:
        await asyncio.wait_for(task, 10)
    except (asyncio.TimeoutError, asyncio.CancelledError):
        task.cancel()
    response_headers = [(k.decode(), v.decode()) for k, v in started.get("headers", [])]
    return started.get("status", 0), response_headers, b"".join(chunks), cut


def bounded_stream_call(app, case, headers: dict) -> Response:
    # The request the case would send (a negative case may leave out the Authorization).
    sent = case.as_transport_kwargs(headers=headers)  # WSGI's: path, headers, query_string
    for name in get_exclude_headers(case):  # as case.call does: a negative case's missing one
        sent["headers"].pop(name, None)
    prepared = requests.Request(sent["method"], "http://testserver" + sent["path"],
                                headers=sent.get("headers"),
                                params=sent.get("query_string") or None).prepare()
    path, _, query = prepared.path_url.partition("?")
    status, raw_headers, content, cut = async_to_sync(_bounded_asgi_call)(
        app, prepared.method, path, query, dict(prepared.headers), b"")
    grouped: dict[str, list[str]] = {}
    for name, value in raw_headers:
        grouped.setdefault(name.lower(), []).append(value)
    return Response(status_code=status, headers=grouped, content=content, request=prepared,
                    elapsed=STREAM_READ_SECONDS if cut else 0.0, verify=False,
                    stream_cut_short=cut)


def fuzz(operation, mode, headers: dict, path_parameters: dict, tally: Counter,
         failures: list[str], asgi_app) -> None:
    strategy = operation.as_strategy(generation_mode=mode)

    @settings(max_examples=EXAMPLES[mode], derandomize=True, deadline=None, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=strategy)
    def run(case) -> None:
        for name, value in path_parameters.items():
            if (mode is GenerationMode.POSITIVE and name in (case.path_parameters or {})
                    and tally["requests"] % 2):
                case.path_parameters[name] = value  # half the cases reach a real object
        if STREAM_TAG in (operation.definition.raw.get("tags") or []):
            response = bounded_stream_call(asgi_app, case, headers)
            tally["stream requests"] += 1
        else:
            response = case.call(headers=headers)
        tally["requests"] += 1
        if response.status_code >= 500:
            tally["5xx"] += 1
        try:
            # The headers tell the auth checks that the token is ours, not generated.
            case.validate_response(response, checks=CHECKS, headers=headers)
        except (Failure, FailureGroup, AssertionError) as exc:
            tally["violations"] += 1
            failures.append(f"{operation.label} [{mode.value}] -> {response.status_code}: "
                            f"{str(exc)[:600]}")

    try:
        run()
    except Unsatisfiable:
        # Nothing to make invalid: an operation without parameters or body has no negative
        # cases. A positive mode must always generate.
        assert mode is GenerationMode.NEGATIVE, operation.label


def test_a_bounded_schema_fuzz_finds_no_5xx_and_no_schema_violation(capsys):
    alice, bob = make_user("alice"), make_user("bob")
    game = Game.objects.create(white=alice, black=bob)
    token = token_client(alice)._credentials["HTTP_AUTHORIZATION"]
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json",
                                            get_wsgi_application(), config=CONFIG)
    asgi_app = get_asgi_application()
    tally: Counter = Counter()
    failures: list[str] = []
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in EXAMPLES:
            fuzz(operation, mode, {"Authorization": token},
                 {"game_id": game.public_id, "gameId": game.public_id, "username": "bob"}, tally,
                 failures, asgi_app)

    figures = {"requests": tally["requests"], "stream requests": tally["stream requests"],
               "5xx": tally["5xx"], "failures": tally["violations"]}
    ARTIFACT.parent.mkdir(exist_ok=True)
    ARTIFACT.write_text(json.dumps({**figures, "checks": [c.__name__ for c in CHECKS],
                                    "failure details": failures}, indent=1))
    with capsys.disabled():
        print(f"\nschema fuzz: {figures}")
    assert tally["requests"] > 300 and tally["stream requests"] > 0
    assert failures == []
    assert figures["5xx"] == 0
