"""A challenge, an open link and a seek carry the variant and its options into the game they
start; a rematch keeps them; the lobby lists and filters seeks by variant."""
import pytest

import engine

from games import services
from games.models import Challenge
from games.variants import BOARD_DRAWS, board_needs
from tests.site_fixtures import token_client

from .variant_fixture import KEY as NOUNICORN

KEY, NAME = "fiveup", "Five Up"

pytestmark = pytest.mark.django_db


def test_an_open_link_starts_a_game_of_its_variant(fiveup, alice, bob):
    as_alice = token_client(alice)
    made = as_alice.post("/api/v1/challenges/", {"variant": KEY, "color": "black"},
                         format="json").json()
    assert (made["variant"], made["variant_options"], made["start_fen"]) == (
        {"key": KEY, "name": NAME}, {"castling": False}, "")  # every option, defaults too
    assert token_client(bob).get(f"/api/v1/challenges/{made['id']}/").json()["variant"]["key"] == KEY
    game_id = token_client(bob).post(f"/api/v1/challenges/{made['id']}/accept/").json()["game"]
    state = as_alice.get(f"/api/v1/games/{game_id}/").json()
    assert (state["variant"]["key"], state["fen"]) == (KEY, fiveup.start_fen)


def test_the_lobby_lists_each_seeks_variant_and_filters_by_it(fiveup, alice, bob, carol):
    ours = services.challenge_create(challenger=alice, opponent=None, color="white",
                                     days_per_move=3, public=True, variant=KEY)
    theirs = services.challenge_create(challenger=bob, opponent=None, color="white",
                                       days_per_move=3, public=True)
    as_carol = token_client(carol)
    listed = {s["id"]: s["variant"]["key"] for s in as_carol.get("/api/v1/seeks/").json()}
    assert listed == {ours.pk: KEY, theirs.pk: "raumschach"}
    only = as_carol.get(f"/api/v1/seeks/?variant={KEY}").json()
    assert [s["id"] for s in only] == [ours.pk]
    game = services.challenge_accept(challenge=ours, user=carol)
    assert game.variant == KEY


def test_a_rematch_keeps_the_variant_options_and_start(fiveup, alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=2, variant=KEY,
                                          variant_options={"castling": True})
    game = services.challenge_accept(challenge=challenge, user=bob)
    services.game_resign(game=game, user=bob)
    response = token_client(bob).post(f"/api/v1/games/{game.public_id}/rematch/")
    assert response.status_code == 201, response.content
    rematch = Challenge.objects.get(pk=response.json()["id"])
    assert (rematch.variant, rematch.variant_options, rematch.start_fen, rematch.color) == (
        KEY, {"castling": True}, "", "white")
    assert response.json()["variant"] == {"key": KEY, "name": NAME}


def test_the_variants_endpoint_describes_every_variant(nounicorn, anon):
    variants = {v["key"]: v for v in anon.get("/api/v1/variants/").json()}
    # The engine's registry less any variant the board cannot draw: other test modules may have
    # registered variants of their own (importing tests/engine/variant_without_unicorns.py
    # does), and those are listed too.
    offered = {key for key, variant in engine.VARIANTS.items() if board_needs(variant) <= BOARD_DRAWS}
    assert set(variants) == offered >= {"raumschach", KEY, NOUNICORN, "startrek"}
    raumschach = variants["raumschach"]
    assert raumschach["name"] == "Raumschach" and raumschach["rules"] == "/rules/raumschach/"
    assert raumschach["summary"] and raumschach["options"] == {}
    descriptor = raumschach["descriptor"]
    assert descriptor["key"] == "raumschach" and len(descriptor["cells"]) == 125
    assert variants[NOUNICORN]["descriptor"]["cells"] == descriptor["cells"]  # the same cube
    assert "U" not in {p["letter"] for p in variants[NOUNICORN]["descriptor"]["pieces"]}
    five_up = variants[KEY]
    assert five_up["options"] == {"castling": {"default": False,
                                               "label": "Castling (optional rule)"}}
    assert five_up["descriptor"]["reserve"] == ["w", "g", "s"]
