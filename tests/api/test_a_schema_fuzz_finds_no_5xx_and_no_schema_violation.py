"""Schemathesis generates requests from the OpenAPI schema for every operation (valid shapes
and, in a second pass, invalid ones) and sends them to the site in-process; no answer may be a
5xx or differ from what the schema documents (status code, content type, headers, body).

Bounded and reproducible: a fixed number of examples per operation and mode, derandomized
(Hypothesis derives the examples from the test itself, so every run sends the same requests).
The figures (requests sent, 5xx, violations) are printed and kept in test-artifacts/.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import Failure, FailureGroup
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (content_type_conformance,
                                               negative_data_rejection,
                                               response_headers_conformance,
                                               response_schema_conformance,
                                               status_code_conformance)

from botapi.openapi import STREAM_TAG
from games.models import Game
from tests.site_fixtures import make_user, token_client

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

EXAMPLES = {GenerationMode.POSITIVE: 12, GenerationMode.NEGATIVE: 6}  # per operation
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_headers_conformance, response_schema_conformance]
# Invalid requests (wrong types included: "ply": "0", "username": 5) must be refused.
NEGATIVE_CHECKS = [*CHECKS, negative_data_rejection]
ARTIFACT = Path(__file__).resolve().parents[2] / "test-artifacts" / "schema-fuzz.json"


def fuzz(operation, mode, headers: dict, path_parameters: dict, tally: Counter,
         failures: list[str]) -> None:
    strategy = operation.as_strategy(generation_mode=mode)

    @settings(max_examples=EXAMPLES[mode], derandomize=True, deadline=None, database=None,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=strategy)
    def run(case) -> None:
        for name, value in path_parameters.items():
            if name in (case.path_parameters or {}) and tally["requests"] % 2:
                case.path_parameters[name] = value  # half the cases reach a real object
        response = case.call(headers=headers)
        tally["requests"] += 1
        if response.status_code >= 500:
            tally["5xx"] += 1
        try:
            case.validate_response(response, checks=NEGATIVE_CHECKS
                                   if mode is GenerationMode.NEGATIVE else CHECKS)
        except (Failure, FailureGroup) as exc:
            tally["violations"] += 1
            failures.append(f"{operation.label} [{mode.value}] -> {response.status_code}: "
                            f"{str(exc)[:600]}")

    try:
        run()
    except Unsatisfiable:
        # Nothing to make invalid: an operation without parameters or body has no negative
        # cases. A positive mode must always generate.
        assert mode is GenerationMode.NEGATIVE, operation.label


@pytest.fixture
def keep_the_test_connection():
    """As Django's test client does: a request must not close the connection that holds the
    test's transaction."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


def test_a_bounded_schema_fuzz_finds_no_5xx_and_no_schema_violation(capsys,
                                                                     keep_the_test_connection):
    alice, bob = make_user("alice"), make_user("bob")
    game = Game.objects.create(white=alice, black=bob)
    token = token_client(alice)._credentials["HTTP_AUTHORIZATION"]
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json",
                                            get_wsgi_application())
    tally: Counter = Counter()
    failures: list[str] = []
    for result in schema.get_all_operations():
        operation = result.ok()
        if STREAM_TAG in (operation.definition.raw.get("tags") or []):
            continue  # endless NDJSON streams: a fuzzer's request would never finish
        for mode in EXAMPLES:
            fuzz(operation, mode, {"Authorization": token},
                 {"game_id": game.pk, "username": "bob"}, tally, failures)

    figures = {"requests": tally["requests"], "5xx": tally["5xx"],
               "violations": tally["violations"]}
    ARTIFACT.parent.mkdir(exist_ok=True)
    ARTIFACT.write_text(json.dumps({**figures, "failures": failures}, indent=1))
    with capsys.disabled():
        print(f"\nschema fuzz: {figures}")
    assert tally["requests"] > 300
    assert failures == []
    assert figures["5xx"] == 0
