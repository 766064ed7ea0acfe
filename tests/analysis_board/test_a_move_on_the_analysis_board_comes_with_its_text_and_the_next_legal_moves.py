"""POST /api/v1/analysis/position/ plays one move from a position with the engine's rules: the
answer has the move's text (check marks included), the new position string, its legal moves,
checkers and outcome, and the numbers the browser's engine is given; nothing is stored."""
import pytest
from rest_framework.test import APIClient

import engine
from engine.step import legal_coords
from engine.wasm_tables import position_numbers
from tests.site_fixtures import STALEMATE_IN_ONE_FEN, STALEMATE_IN_ONE_MOVE, db_snapshot

pytestmark = pytest.mark.django_db
URL = "/api/v1/analysis/position/"


def test_a_move_comes_with_its_text_and_the_next_legal_moves():
    start = engine.Position.start()
    before = db_snapshot()
    body = APIClient().post(URL, {"fen": start.fen(), "move": "Bb2Bb3"}, format="json").json()
    after = engine.Position.start()
    after.push(engine.Move.from_coord("Bb2Bb3", after.variant))
    assert body["played"] == {"move": "Bb2Bb3", "san": "Bb2-Bb3", "packed": engine.pack_move(
        engine.Move.from_coord("Bb2Bb3", after.variant))}
    assert body["fen"] == after.fen() and body["turn"] == "black"
    assert body["legal_moves"] == legal_coords(after)
    assert body["numbers"] == position_numbers(after)
    assert body["outcome"] is None and body["checkers"] == []
    assert db_snapshot() == before


def test_the_position_alone_and_a_game_ending_move():
    body = APIClient().post(URL, {"fen": STALEMATE_IN_ONE_FEN}, format="json").json()
    assert body["played"] is None and STALEMATE_IN_ONE_MOVE in body["legal_moves"]
    body = APIClient().post(URL, {"fen": STALEMATE_IN_ONE_FEN, "move": STALEMATE_IN_ONE_MOVE}, format="json").json()
    assert body["outcome"] == "Stalemate" and body["legal_moves"] == []


def test_five_up_moves_carry_its_extra_state_for_the_browser():
    fiveup = engine.variant_by_key("fiveup")
    start = engine.Position.start(fiveup)
    move = legal_coords(start)[0]
    body = APIClient().post(URL, {"variant": "fiveup", "fen": start.fen(), "move": move}, format="json").json()
    assert body["numbers"]["extra"] is not None  # reserves and unmoved pieces
    assert len(body["numbers"]["codes"]) == fiveup.geometry.ncells
