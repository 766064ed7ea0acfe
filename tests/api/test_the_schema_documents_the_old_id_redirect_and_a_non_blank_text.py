"""The schema says what the server does beyond a route's own answers: a path that names a game
also answers an old integer id with a redirect (301 for GET, 308 otherwise; games.api.legacy_ids),
and a trimmed text field that may not be blank needs a non-space character among the allowed
ones (core.fields.StrictCharField)."""
import re

import pytest
from django.conf import settings

from games.api.openapi import GAME_ID_PATTERN
from tests.api.test_the_schema_documents_401_and_the_bot_apis_400 import operations, schema  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_schema_s_game_id_pattern_is_the_converter_s():
    assert settings.SPECTACULAR_SETTINGS["PATH_CONVERTER_OVERRIDES"]["gid"]["pattern"] == GAME_ID_PATTERN


def test_every_path_naming_a_game_documents_the_redirect_of_an_old_id(schema):  # noqa: F811
    naming = [(p, m, op) for p, m, op in operations(schema)
              if any(q.get("in") == "path" and q["schema"].get("pattern") == GAME_ID_PATTERN
                     for q in op.get("parameters", []))]
    assert len(naming) > 20 and any(m == "get" for _, m, _ in naming) and any(m == "post" for _, m, _ in naming)
    missing = [f"{m.upper()} {p}" for p, m, op in naming if ("301" if m == "get" else "308") not in op["responses"]]
    assert missing == []
    moved = schema["paths"]["/api/v1/games/{game_id}/"]["get"]["responses"]["301"]
    assert set(moved["content"]["application/json"]["schema"]["required"]) == {"error", "detail", "id", "location"}


def test_a_redirect_is_what_an_old_id_gets(anon):
    from tests.site_fixtures import make_game, make_user
    game = make_game(make_user("old-id-white"), make_user("old-id-black"))
    answer = anon.get(f"/api/v1/games/{game.pk}/")
    assert answer.status_code == 301 and answer.json()["location"] == f"/api/v1/games/{game.public_id}/"


def test_a_username_of_spaces_alone_breaks_the_schema_s_pattern_and_a_name_does_not(schema):  # noqa: F811
    body = schema["components"]["schemas"]["CredentialsInRequest"]
    pattern = body["properties"]["username"]["pattern"]
    assert not re.search(pattern, "   ") and not re.search(pattern, "\t \u00a0")
    assert re.search(pattern, "  alice ") and not re.search(pattern, "al\x00ice")
