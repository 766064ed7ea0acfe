"""The site offers a variant when the board in the browser can draw everything it needs
(games.variants.BOARD_DRAWS: square and hexagonal cells, movable boards), not by its name:
Star Trek (movable boards) is offered everywhere now that its board exists; a variant whose
cells the board cannot draw (triangles, here a test variant) stays in the engine and no form,
API or page takes it. The site's list and the script's (position.js BOARD_DRAWS) are the same."""
import copy
import json
import re
from pathlib import Path

import pytest
from django.test import Client

import engine
from games.variants import BOARD_DRAWS, board_needs, offered, variant_keys
from tests.site_fixtures import token_client

from . import variant_fixture

pytestmark = pytest.mark.django_db
POSITION_JS = Path(__file__).resolve().parents[2] / "games" / "static" / "games" / "js" / "position.js"
TRIANGLES = "triangles"


@pytest.fixture
def triangles():
    """Raumschach without unicorns whose geometry says its cells are triangles."""
    variant = variant_fixture.build()
    variant.key = TRIANGLES
    variant.geometry = copy.copy(variant.geometry)
    variant.geometry.cell_shape = "triangle"
    engine.variants.register(variant)
    yield variant
    engine.VARIANTS.pop(TRIANGLES, None)


def test_the_sites_list_is_the_boards_list():
    listed = re.search(r"export const BOARD_DRAWS = (\[[^\]]*\]);", POSITION_JS.read_text())
    assert listed and set(json.loads(listed.group(1))) == set(BOARD_DRAWS)


def test_star_trek_is_offered_everywhere(alice, bob, anon):
    startrek = engine.VARIANTS["startrek"]
    assert board_needs(startrek) == {"cells:square", "movable-boards"} and offered(startrek)
    assert "startrek" in variant_keys()
    listed = {v["key"]: v for v in anon.get("/api/v1/variants/").json()}
    descriptor = listed["startrek"]["descriptor"]
    assert len(descriptor["pins"]) == 24 and descriptor["board_move"]["example"] == "Q1dQ1u"
    answer = token_client(alice).post("/api/v1/challenges/", {"opponent": bob.username, "variant": "startrek"},
                                      format="json")
    assert answer.status_code == 201, answer.content
    client = Client()
    client.force_login(alice)
    assert 'value="startrek"' in client.get("/new/").content.decode()
    assert client.get("/rules/startrek/").status_code == 200
    reach = anon.get("/api/v1/variants/startrek/reach/?piece=R&cell=Ba3").json()
    assert reach["moves"] == ["Ba1", "Ba2", "Bb3", "Bc3", "Bd3", "Ba4", "Ca2", "Cz3", "Ca3", "Da3"]


def test_a_variant_the_board_cannot_draw_is_not_offered(triangles, alice, bob, anon):
    assert board_needs(triangles) == {"cells:triangle"} and not offered(triangles)
    assert TRIANGLES in engine.VARIANTS and TRIANGLES not in variant_keys()
    assert TRIANGLES not in {v["key"] for v in anon.get("/api/v1/variants/").json()}
    answer = token_client(alice).post("/api/v1/challenges/", {"opponent": bob.username, "variant": TRIANGLES},
                                      format="json")
    assert answer.status_code == 400 and answer.json()["error"] == "unknown_variant"
    client = Client()
    client.force_login(alice)
    assert f'value="{TRIANGLES}"' not in client.get("/new/").content.decode()
    assert anon.get(f"/api/v1/variants/{TRIANGLES}/reach/?piece=Q&cell=Cc3").json()["error"] == "unknown_variant"
