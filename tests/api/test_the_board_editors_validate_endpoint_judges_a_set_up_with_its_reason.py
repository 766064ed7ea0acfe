"""GET /api/v1/variants/<key>/validate/?fen= (the board editor's question): every game's start
and a random reachable position come back valid in the variant's own spelling; an illegal
set-up comes back not valid with code illegal_position, the rule broken and the engine's
reason; a mate is valid but not playable; a string that does not read is bad_position; bad
requests are coded 400s; nothing is stored."""
import pytest
from rest_framework.test import APIClient

import engine
from tests.setup_positions import random_reachable
from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db
START = engine.START_FEN


def _ask(key: str, fen: str) -> dict:
    response = APIClient().get(f"/api/v1/variants/{key}/validate/", {"fen": fen})
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.parametrize("key", sorted(engine.VARIANTS))
def test_the_start_and_a_random_reachable_position_round_trip(key):
    variant = engine.VARIANTS[key]
    for fen in (variant.start_fen, random_reachable(variant, seed=44), random_reachable(variant, seed=7, plies=30)):
        report = _ask(key, fen)
        assert report == {"variant": {"key": key, "name": variant.name}, "valid": True, "playable": True,
                          "fen": fen, "code": "", "check": "", "reason": ""}


@pytest.mark.parametrize("fen, check, words", [
    (START.replace("RNKNR", "RNQNR"), "kings", "white has no king"),
    (START.replace("rnknr", "rnkkr"), "kings", "black has 2 kings"),
    (START.replace("RNKNR", "PNKNR"), "pawns", "white pawn on Aa1: no white pawn can get there"),
    (START.replace("rnknr/ppppp", "rnknr/pppp1", 1).replace("|5/5/5/PPPPP/RNKNR", "|p4/5/5/PPPPP/RNKNR"),
     "pawns", "black pawn on Aa5: no black pawn can get there"),
    (START.replace("rnknr", "rnkPr", 1), "pawns", "white pawn on Ed5, its promotion row"),
    ("2k2/5/2R2/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2K2/5/5 w 0 1", "opposite_check",
     "black is in check but it is white to move"),
])
def test_an_illegal_raumschach_set_up_is_refused_with_its_reason(fen, check, words):
    before = db_snapshot()
    report = _ask("raumschach", fen)
    assert report["valid"] is False and report["playable"] is False and report["fen"] == ""
    assert report["code"] == "illegal_position" and report["check"] == check
    assert words in report["reason"]
    assert db_snapshot() == before


def test_a_mate_is_valid_but_no_game_can_start_from_it():
    mate = "4k/5/5/5/5|5/3Q1/5/5/5|5/5/5/5/5|5/5/5/5/5|5/3R1/5/5/K4 b 0 1"
    report = _ask("raumschach", mate)
    assert report["valid"] is True and report["playable"] is False and report["fen"] == mate
    assert report["check"] == "no_moves" and "checkmated" in report["reason"]


def test_a_five_up_piece_marked_unmoved_off_its_starting_cell_is_refused():
    fiveup = engine.VARIANTS["fiveup"]
    fields = fiveup.start_fen.split()
    fields[0] = fields[0].replace("RNKNR", "1NKNR", 1).replace("5/5/5/PPPPP/UBQUB", "5/5/R4/PPPPP/UBQUB", 1)
    fields[3] = fields[3].replace("Aa1,", "Ba3,", 1)
    report = _ask("fiveup", " ".join(fields))
    assert report["check"] == "unmoved", report
    assert "rook on Ba3 cannot be unmoved" in report["reason"]


def test_a_string_that_does_not_read_is_bad_position():
    report = _ask("raumschach", "not a position")
    assert report["valid"] is False and report["code"] == "bad_position" and report["check"] == "malformed"
    assert "expected 4 space-separated fields" in report["reason"]


def test_bad_requests_are_coded_errors():
    client = APIClient()
    assert_error(client.get("/api/v1/variants/raumschach/validate/"), 400, "bad_position")
    assert_error(client.get("/api/v1/variants/raumschach/validate/", {"fen": START, "x": "1"}), 400, "invalid")
    assert_error(client.get("/api/v1/variants/chess960/validate/", {"fen": START}), 400, "unknown_variant")
    assert_error(client.get("/api/v1/variants/raumschach/validate/", {"fen": "x" * 1001}), 400, "bad_position")
