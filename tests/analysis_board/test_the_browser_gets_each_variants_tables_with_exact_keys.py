"""GET /api/v1/analysis/tables/ gives the browser's engine a variant's native tables as JSON,
its 64-bit keys as decimal strings (a browser's JSON numbers would round them), with the
variant's options applied; an unknown variant or malformed options are a 400."""
import json

import pytest
from rest_framework.test import APIClient

import engine
from engine.native_tables import variant_tables
from engine.wasm_tables import FIELDS
from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db
URL = "/api/v1/analysis/tables/"


def test_the_tables_carry_every_field_and_the_exact_keys():
    response = APIClient().get(URL, {"variant": "raumschach"})
    assert response.status_code == 200 and response["Cache-Control"].startswith("public")
    body = json.loads(response.content)
    want = variant_tables(engine.RAUMSCHACH)
    assert body["fields"] == list(FIELDS) and set(FIELDS) <= set(body)
    assert [int(k) for k in body["keys"][3]] == want["keys"][3]
    assert int(body["black_key"]) == want["black_key"]
    assert body["rays"] == [[list(r) for r in rays] for rays in want["rays"]]
    assert len(body["notation"]["names"]) == want["ncells"]


def test_options_change_the_tables_and_bad_ones_are_refused():
    plain = APIClient().get(URL, {"variant": "fiveup"}).json()
    castling = APIClient().get(URL, {"variant": "fiveup", "options": '{"castling": true}'}).json()
    assert plain["castling"] == 0 and castling["castling"] == 1
    assert_error(APIClient().get(URL, {"variant": "fiveup", "options": "{"}), 400, "bad_variant_option")
    assert_error(APIClient().get(URL, {"variant": "nope"}), 400, "unknown_variant")
    assert_error(APIClient().get(URL, {"variant": "fiveup", "colour": "red"}), 400, "invalid")
