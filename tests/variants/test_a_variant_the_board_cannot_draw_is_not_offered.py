"""Star Trek's engine exists (command line, tests) but the board can neither draw boards that
move nor make a board move yet (issue 26): the site does not offer it anywhere, rather than
offering a game nobody can play. An engine variant without movable boards is offered."""
import pytest
from django.test import Client

import engine
from games.variants import offered, variant_keys
from tests.site_fixtures import token_client

pytestmark = pytest.mark.django_db


def test_star_trek_is_in_the_engine_but_not_on_the_site(alice, bob, anon):
    alice_client = Client()
    alice_client.force_login(alice)
    assert "startrek" in engine.VARIANTS and not offered(engine.VARIANTS["startrek"])
    assert "startrek" not in variant_keys() and {"raumschach", "fiveup", "hexraumschach"} <= set(variant_keys())
    assert "startrek" not in {v["key"] for v in anon.get("/api/v1/variants/").json()}
    answer = token_client(alice).post("/api/v1/challenges/", {"opponent": bob.username, "variant": "startrek"},
                                      format="json")
    assert answer.status_code == 400 and answer.json()["error"] == "unknown_variant"
    assert 'value="startrek"' not in alice_client.get("/new/").content.decode()
    assert alice_client.get("/rules/startrek/").status_code == 404
    assert anon.get("/api/v1/variants/startrek/reach/?piece=Q&cell=Q1d").json()["error"] == "unknown_variant"
