"""2 KB of nested JSON (`[[[[...]]]]`, 1,000 deep) was a 500 (RecursionError) on every JSON
endpoint, anonymous sign-up and token exchange included. Now: a 400 JSON error, nothing
changed."""
import pytest

from games.api.parsers import json_depth_exceeds
from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db

DEEP_LIST = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000
ANONYMOUS = ["/api/v1/accounts/signup/", "/api/v1/accounts/token/"]
SIGNED_IN = ["/api/v1/accounts/password/", "/api/v1/accounts/tokens/", "/api/v1/challenges/",
             "/api/v1/games/{id}/moves/", "/api/v1/games/{id}/draw/"]


@pytest.mark.parametrize("body", [DEEP_LIST, DEEP_OBJECT], ids=["list", "object"])
@pytest.mark.parametrize("path", ANONYMOUS + SIGNED_IN)
def test_deeply_nested_json_is_a_400_not_a_500(anon, as_alice, game, path, body):
    client = anon if path in ANONYMOUS else as_alice
    before = db_snapshot()
    response = client.post(path.format(id=game.public_id), data=body, content_type="application/json")
    body = assert_error(response, 400, "malformed_json")
    assert "deeper than" in body["detail"]
    assert db_snapshot() == before


def test_brackets_inside_strings_do_not_count_as_nesting(as_alice, game):
    response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                             data={"move": "[" * 3000, "ply": 0}, format="json")
    assert_error(response, 400, "invalid")  # too long a move, but read as the string it is


def test_the_depth_is_counted_outside_strings_only():
    assert not json_depth_exceeds('{"a": [[1, "]]]]"], {"b": "[[[["}]}', 3)
    assert json_depth_exceeds('{"a": [[1, "]]]]"], {"b": "[[[["}]}', 2)
    assert not json_depth_exceeds(r'["\"[[[[[[\\"]', 1)
