"""The server's search is rate-limited per user (or address): past the limit a 429 with the
wait, nothing searched."""
import pytest

import engine
from tests.site_fixtures import assert_error, token_client

pytestmark = pytest.mark.django_db
URL = "/api/v1/analysis/search/"


def test_past_the_limit_the_search_is_a_429(settings, carol):
    settings.ANALYSIS_BOARD_SEARCH_SECONDS = 0.05
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "analysis_search": (2, 60)}
    client = token_client(carol)
    fen = engine.Position.start().fen()
    for _ in range(2):
        assert client.post(URL, {"fen": fen}, format="json").status_code == 200
    body = assert_error(client.post(URL, {"fen": fen}, format="json"), 429, "rate_limited")
    assert "try again in" in body["detail"]
