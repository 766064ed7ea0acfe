"""One typing rule across the API (issue 24, finding 6): a JSON value must have the type the
schema states, everywhere, as moves already required (`"ply": "0"` refused). The probe found
`{"digest": "yes"}` and `{"days": "2"}` coerced and accepted. Query strings carry only text,
but an empty value is not one of an enum's values, and since_ply is what the schema says."""
from __future__ import annotations

import inspect

import pytest
from rest_framework import serializers

from core.fields import StrictInput
from games.models import Vacation
from notify.models import MailSettings
from tests.site_fixtures import assert_error, db_snapshot, make_game, make_user, token_client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method,path,body", [
    ("patch", "/api/v1/mail/settings/", {"digest": "yes"}),
    ("patch", "/api/v1/mail/settings/", {"your_turn": 0}),
    ("post", "/api/v1/vacation/", {"days": "2"}),
    ("post", "/api/v1/vacation/", {"days": 2.5}),
    ("post", "/api/v1/challenges/", {"opponent": "bob", "days_per_move": "3"}),
    ("post", "/api/v1/challenges/", {"opponent": "bob", "rated": "true"}),
    ("post", "/api/v1/challenges/", {"opponent": None, "public": 1}),
    ("post", "/api/v1/challenges/", {"opponent": None, "public": True, "rating_min": "1000"}),
    ("post", "/api/v1/games/{game}/chat/mute/", {"muted": "true"}),
    ("post", "/api/v1/games/{game}/chat/", {"text": 5}),
    ("post", "/api/v1/games/{game}/draw/", {"action": 1}),
    ("post", "/api/v1/accounts/tokens/", {"name": 7}),
])
def test_a_json_value_of_the_wrong_type_is_refused_and_changes_nothing(
        as_alice, alice, bob, method, path, body):
    game = make_game(alice, bob)
    before = db_snapshot()
    side_tables = (list(Vacation.objects.values()), list(MailSettings.objects.values()))
    response = getattr(as_alice, method)(path.format(game=game.public_id), body, format="json")
    answer = assert_error(response, 400, "invalid")
    assert set(body) & set(answer.get("fields", {})), answer
    assert db_snapshot() == before
    assert (list(Vacation.objects.values()), list(MailSettings.objects.values())) == side_tables


def test_the_digest_is_not_switched_on_by_a_string(as_alice, alice):
    as_alice.patch("/api/v1/mail/settings/", {"digest": "yes"}, format="json")
    assert not MailSettings.objects.filter(user=alice, digest=True).exists()


def test_well_typed_json_is_accepted(as_alice, alice):
    response = as_alice.patch("/api/v1/mail/settings/", {"digest": True}, format="json")
    assert response.status_code == 200 and response.json()["digest"] is True
    response = as_alice.post("/api/v1/vacation/", {"days": 2}, format="json")
    assert response.status_code == 201, response.content


def test_the_bot_apis_json_bodies_follow_the_same_rule(db):
    robo = make_user("robo")
    client = token_client(robo)
    make_user("bob")
    for body in ({"days": "3"}, {"rated": "true"}, {"color": 1}):
        response = client.post("/api/challenge/bob", body, format="json")
        assert response.status_code == 400, (body, response.content)
    response = client.post("/api/challenge/bob", {"days": "3", "rated": "true"})  # a form: text
    assert response.status_code == 200, response.content


@pytest.mark.parametrize("path", ["/api/v1/games/?status=", "/api/v1/games/?result=",
                                  "/api/v1/games/?against=", "/api/v1/games/{game}/chat/?room="])
def test_an_empty_enum_query_value_is_refused(as_alice, alice, bob, path):
    game = make_game(alice, bob)
    assert_error(as_alice.get(path.format(game=game.public_id)), 400, "invalid")


def test_since_ply_is_what_the_schema_says(anon, alice, bob):
    game = make_game(alice, bob)
    assert_error(anon.get(f"/api/v1/games/{game.public_id}/?since_ply=-449"), 400, "invalid")
    schema = anon.get("/api/schema/?format=json").json()
    parameters = schema["paths"]["/api/v1/games/{game_id}/"]["get"]["parameters"]
    since = next(p for p in parameters if p["name"] == "since_ply")
    assert since["schema"]["type"] == "integer" and since["schema"]["minimum"] == 0


def _input_serializers():
    import accounts.serializers
    import botapi.views
    import bots.api
    import chat.api
    import conditionals.api
    import games.api.serializers
    import games.api.vacation
    import notify.api

    for module in (accounts.serializers, botapi.views, bots.api, chat.api, conditionals.api,
                   games.api.serializers, games.api.vacation, notify.api):
        for name, value in vars(module).items():
            if (inspect.isclass(value) and issubclass(value, serializers.Serializer)
                    and value.__module__ == module.__name__ and name.endswith("In")):
                yield value


def test_every_input_serializer_follows_the_one_rule():
    found = list(_input_serializers())
    assert len(found) >= 15
    assert [s.__name__ for s in found if not issubclass(s, StrictInput)] == []
