"""A move written in another variant's syntax, or a position string of another variant, is
refused with the engine's reason (400), and nothing is stored."""
import engine
import pytest

from games.models import Challenge, Game
from tests.site_fixtures import assert_error, db_snapshot

from tests.site_fixtures import STALEMATE_IN_ONE_FEN, STALEMATE_IN_ONE_MOVE

from .variant_fixture import KEY


def _after(fen: str, coord: str) -> str:
    position = engine.Position.from_fen(fen)
    position.push(engine.Move.from_coord(coord))
    return position.fen()


STALEMATED = _after(STALEMATE_IN_ONE_FEN, STALEMATE_IN_ONE_MOVE)

pytestmark = pytest.mark.django_db


def test_a_five_up_placement_move_in_a_raumschach_game_is_refused(game, as_alice):
    before = db_snapshot()
    body = assert_error(as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                                      {"move": "Bb1Be4/g", "ply": 0}, format="json"),
                        400, "bad_placement")
    with pytest.raises(engine.MalformedMoveError):  # the engine cannot read it either
        engine.Move.from_coord("Bb1Be4/g")
    assert body["detail"] == "Bb1Be4/g is not a move of Raumschach: Raumschach places no pieces."
    assert db_snapshot() == before


def test_a_raumschach_position_in_the_unicornless_variant_is_refused(nounicorn, as_alice, bob):
    before = db_snapshot()
    body = assert_error(as_alice.post("/api/v1/challenges/", {
        "opponent": "bob", "variant": KEY, "fen": engine.START_FEN}, format="json"),
        400, "bad_position")
    assert "'u'" in body["detail"]  # the engine's reason: a letter this variant has not
    assert db_snapshot() == before


@pytest.mark.parametrize("fen, code", [("x y z", "bad_position"), (STALEMATED, "illegal_position")])
def test_a_position_that_is_not_one_or_has_no_move_is_refused(as_alice, bob, fen, code):
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/challenges/", {"opponent": "bob", "fen": fen},
                               format="json"), 400, code)
    assert Challenge.objects.count() == 0 and Game.objects.count() == 0
    assert db_snapshot() == before


def test_a_challenge_from_a_position_starts_a_casual_game_there(as_alice, as_bob, bob):
    fen = "5/5/5/5/2k2|5/2R2/5/5/5|5/5/5/2K2/5|5/5/5/4Q/5|5/5/5/5/5 w 0 40"
    made = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "fen": fen,
                                                 "color": "white"}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["start_fen"] == fen and made.json()["rated"] is False
    game_id = as_bob.post(f"/api/v1/challenges/{made.json()['id']}/accept/").json()["game"]
    state = as_alice.get(f"/api/v1/games/{game_id}/").json()
    assert state["start_fen"] == state["fen"] == fen
    assert f'[FEN "{fen}"]' in as_alice.get(f"/api/v1/games/{game_id}/export/").content.decode()
    # Asked rated, it is made casual (lichess's way with a `fen`).
    casual = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "fen": fen,
                                                   "rated": True}, format="json")
    assert casual.status_code == 201 and casual.json()["rated"] is False, casual.content
