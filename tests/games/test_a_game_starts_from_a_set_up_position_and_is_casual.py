"""A challenge with `fen` (REST and the Bot API, as lichess) starts the game from that position,
casual even when asked rated (lichess's way), its start in the game's state, the Bot API's
gameFull (initialFen) and the export; against a site bot the game starts at once. An illegal
set-up is refused with illegal_position and its reason, a string that does not read with
bad_position, and nothing is stored."""
import pytest

import engine
from botapi import selectors as bot_selectors
from games.models import Challenge, Game
from tests.bots.conftest import bot_user, ensure_bot_accounts
from tests.botapi.conftest import bearer_client
from tests.setup_positions import random_reachable
from tests.site_fixtures import assert_error, db_snapshot
from tests import startrek_positions as st

pytestmark = pytest.mark.django_db
FIVEUP = engine.VARIANTS["fiveup"]


def test_a_rest_challenge_from_a_position_asked_rated_starts_a_casual_game_there(as_alice, as_bob, bob):
    fen = random_reachable(FIVEUP, seed=3)
    made = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "variant": "fiveup", "fen": fen,
                                                 "rated": True, "color": "black"}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["rated"] is False and made.json()["start_fen"] == fen
    game_id = as_bob.post(f"/api/v1/challenges/{made.json()['id']}/accept/").json()["game"]
    state = as_alice.get(f"/api/v1/games/{game_id}/").json()
    assert state["start_fen"] == state["fen"] == fen and state["rated"] is False
    assert f'[FEN "{fen}"]' in as_alice.get(f"/api/v1/games/{game_id}/export/").content.decode()


def test_a_rest_challenge_to_the_easy_bot_from_a_star_trek_set_up_starts_at_once(as_alice):
    ensure_bot_accounts()
    easy = bot_user(1)
    # White's queen-side attack board moved from Q1d up to Q1u, carrying its unmoved pawn.
    fen = st.fen({"Bb1": "K", "Fc8": "k", "Cz1": "P", "Ba2": "P", "Fa7": "p", "Fb8": "r"},
                 ("K1d", "K6u", "Q1u", "Q3d", "Q4u", "Q6u"), unmoved=("Ba2", "Cz1", "Fa7"))
    made = as_alice.post("/api/v1/challenges/", {"opponent": easy.username, "variant": "startrek", "fen": fen,
                                                 "color": "white"}, format="json")
    assert made.status_code == 201, made.content
    game = Challenge.objects.get(pk=made.json()["id"]).game
    assert game.variant == "startrek" and game.start_fen == fen and game.rated is False
    assert game.white.username == "alice" and game.black == easy


def test_a_bot_api_challenge_with_a_fen_starts_the_game_there(alice, bob):
    fen = random_reachable(engine.RAUMSCHACH, seed=11, plies=9)  # Black to move
    made = bearer_client(alice).post("/api/challenge/bob", {"fen": fen, "rated": True, "color": "white"},
                                     format="json")
    assert made.status_code == 200, made.content
    body = made.json()
    assert body["rated"] is False and body["initialFen"] == fen
    assert bearer_client(bob).post(f"/api/challenge/{body['id']}/accept").status_code == 200
    game = Game.objects.get(public_id=body["id"])
    assert game.start_fen == game.fen == fen and game.rated is False and game.turn == "black"
    full = bot_selectors.game_full_json(game)
    assert full["initialFen"] == fen and full["rated"] is False


@pytest.mark.parametrize("fen, code, words", [
    (engine.START_FEN.replace("RNKNR", "PNKNR"), "illegal_position",
     "Illegal Raumschach position: white pawn on Aa1: no white pawn can get there"),
    ("2k2/5/2R2/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2K2/5/5 w 0 1", "illegal_position",
     "black is in check but it is white to move"),
    ("rnknr w 0 1", "bad_position", "Not a Raumschach position"),
])
def test_an_illegal_set_up_is_refused_with_its_reason_on_both_apis_and_nothing_is_stored(as_alice, alice, bob,
                                                                                        fen, code, words):
    bot_api = bearer_client(alice)
    before = db_snapshot()
    body = assert_error(as_alice.post("/api/v1/challenges/", {"opponent": "bob", "fen": fen}, format="json"),
                        400, code)
    assert words in body["detail"]
    refused = bot_api.post("/api/challenge/bob", {"fen": fen}, format="json")  # lichess's error shape
    assert refused.status_code == 400 and refused.json()["code"] == code and words in refused.json()["error"]
    assert Challenge.objects.count() == 0 and Game.objects.count() == 0
    assert db_snapshot() == before
