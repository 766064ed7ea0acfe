"""A variant the site has never heard of (registered by the test, no site edit) is offered,
challenged, played to its end and exported through the REST API alone."""
import pytest

from tests.site_fixtures import token_client

from .variant_fixture import KEY, NAME, START

pytestmark = pytest.mark.django_db

MAX_PLIES = 400  # the fifty-move rule or a repetition ends a game of first-listed moves


def test_a_registered_variant_plays_a_whole_game_through_the_rest_api(nounicorn, alice, bob):
    as_alice, as_bob = token_client(alice), token_client(bob)
    listed = {v["key"]: v for v in as_alice.get("/api/v1/variants/").json()}
    assert listed[KEY]["name"] == NAME and listed[KEY]["start_fen"] == START

    made = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "color": "white",
                                                 "variant": KEY}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["variant"] == {"key": KEY, "name": NAME}
    game_id = as_bob.post(f"/api/v1/challenges/{made.json()['id']}/accept/").json()["game"]

    state = as_alice.get(f"/api/v1/games/{game_id}/").json()
    assert state["variant"] == {"key": KEY, "name": NAME}
    assert state["start_fen"] == state["fen"] == START
    clients = {"white": as_alice, "black": as_bob}
    while state["status"] == "active" and state["ply"] < MAX_PLIES:
        move = state["legal_moves"][0]
        played = clients[state["turn"]].post(f"/api/v1/games/{game_id}/moves/",
                                             {"move": move, "ply": state["ply"]}, format="json")
        assert played.status_code == 201, played.content
        state = played.json()["game"]
        assert state["variant"]["key"] == KEY
        # No unicorn ever appears: the game is played by the registered variant's rules.
        assert "u" not in state["fen"].split()[0].lower()
    assert state["status"] == "finished" and state["termination"], state["ply"]

    export = as_alice.get(f"/api/v1/games/{game_id}/export/").content.decode()
    assert f'[Variant "{NAME}"]' in export
    assert "[FEN " not in export  # it started from the variant's own start position
    archive = as_alice.get(f"/api/v1/games/?variant={KEY}").json()["results"]
    assert [g["id"] for g in archive] == [game_id]
    assert as_alice.get("/api/v1/games/?variant=raumschach").json()["results"] == []
