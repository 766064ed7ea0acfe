"""Star Trek's movable boards are played by the Python core only: the analysis board's tables
endpoint says so with a 404 (no_browser_engine, never a 500), the page tells its script to ask
the server, and the server's search answers a legal move in the variant's notation."""
import json
import re

import pytest

import engine
from tests.site_fixtures import assert_error, token_client

pytestmark = pytest.mark.django_db


def test_the_tables_of_a_variant_the_browser_cannot_search_are_a_clear_404(anon):
    body = assert_error(anon.get("/api/v1/analysis/tables/?variant=startrek"), 404, "no_browser_engine")
    assert "Star Trek" in body["detail"] and "/api/v1/analysis/search/" in body["detail"]
    assert anon.get("/api/v1/analysis/tables/?variant=hexraumschach").status_code == 200


@pytest.mark.parametrize("key, in_browser", [("startrek", False), ("raumschach", True)])
def test_the_page_says_where_the_engine_runs(client, key, in_browser):
    html = client.get(f"/analysis/?variant={key}").content.decode()
    context = json.loads(re.search(r'<script id="analysis-context" type="application/json">(.*?)</script>',
                                   html, re.S).group(1))
    assert context["browser_engine"] is in_browser


def test_the_server_searches_a_star_trek_position(settings, carol):
    settings.ANALYSIS_BOARD_SEARCH_SECONDS = 0.05
    startrek = engine.variant_by_key("startrek")
    answer = token_client(carol).post("/api/v1/analysis/search/", {"variant": "startrek", "fen": startrek.start_fen},
                                      format="json")
    assert answer.status_code == 200, answer.content
    start = engine.Position.start(startrek)
    assert answer.json()["pv_text"][0] in {start.san(m) for m in start.legal_moves()}
