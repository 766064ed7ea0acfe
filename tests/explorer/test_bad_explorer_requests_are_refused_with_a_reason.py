"""The explorer endpoint's bad input: an unknown variant, a malformed position string, a
position of another variant, an unknown source or parameter - each a 400 with the one error
hierarchy's code and the engine's reason, never a 500; and reads past the rate limit are a
429 with Retry-After."""
import engine
import pytest
from rest_framework.test import APIClient

from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db
URL = "/api/v1/explorer/"
HEX_START = engine.Position.start(engine.VARIANTS["hexraumschach"]).fen()
FIVEUP_START = engine.Position.start(engine.VARIANTS["fiveup"]).fen()


@pytest.mark.parametrize("query, code, words", [
    ({"variant": "tic-tac-toe"}, "unknown_variant", "No variant 'tic-tac-toe'"),
    ({"variant": ""}, "invalid", "variant"),
    ({"fen": "not a position"}, "bad_position", "Not a Raumschach position"),
    ({"fen": engine.START_FEN.replace("RNKNR", "RNQNR")}, "bad_position", "Not a Raumschach position"),
    ({"variant": "raumschach", "fen": HEX_START}, "bad_position", "Not a Raumschach position"),
    ({"variant": "hexraumschach", "fen": FIVEUP_START}, "bad_position", "Not a Hexagonal Raumschach position"),
    ({"source": "robots"}, "invalid", "source"),
    ({"moves": "Bb2Bb3"}, "invalid", "Unknown query parameter"),
    ({"fen": "x" * 1001}, "invalid", "fen"),
])
def test_bad_input_is_a_400_with_the_reason(query, code, words):
    response = APIClient().get(URL, query)
    assert words in assert_error(response, 400, code)["detail"]


def test_the_start_position_of_every_variant_is_answered_empty():
    for key, variant in engine.VARIANTS.items():
        start = engine.Position.start(variant).fen()
        response = APIClient().get(URL, {"variant": key, "fen": start})
        assert response.status_code == 200, (key, response.content[:300])
        assert response.json() == {"moves": [], "games": 0, "white": 0, "draws": 0, "black": 0}


def test_reads_past_the_rate_limit_are_refused(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "explorer": (3, 60)}
    client = APIClient()
    for _ in range(3):
        assert client.get(URL).status_code == 200
    response = client.get(URL)
    assert_error(response, 429, "rate_limited")
    assert int(response["Retry-After"]) > 0
