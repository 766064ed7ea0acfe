"""Five Up through the REST API: its castling option on the challenge and the game, a
placement move (Bb1Be4/g style) played and stored, its 7-field position string; a Raumschach
move or position string in a Five Up game is refused with the engine's reason, nothing
stored."""
import engine
import pytest

from tests.site_fixtures import assert_error, db_snapshot, token_client

pytestmark = pytest.mark.django_db

FIVEUP = {"key": "fiveup", "name": "Five Up"}


def start_game(alice, bob, **body) -> str:
    """The public id of a game of Five Up between alice (White) and bob."""
    made = token_client(alice).post("/api/v1/challenges/", {
        "opponent": "bob", "color": "white", "variant": "fiveup", **body}, format="json")
    assert made.status_code == 201, made.content
    return token_client(bob).post(f"/api/v1/challenges/{made.json()['id']}/accept/").json()["game"]


def test_a_five_up_game_with_castling_plays_a_placement(fiveup, alice, bob):
    game_id = start_game(alice, bob, variant_options={"castling": "on"})
    as_alice = token_client(alice)
    state = as_alice.get(f"/api/v1/games/{game_id}/").json()
    assert (state["variant"], state["variant_options"]) == (FIVEUP, {"castling": True})
    assert state["start_fen"] == fiveup.start_fen and len(state["fen"].split()) == 7
    assert "Ab1Aa3/g" in state["legal_moves"]
    played = as_alice.post(f"/api/v1/games/{game_id}/moves/", {"move": "Ab1Aa3/g", "ply": 0},
                           format="json")
    assert played.status_code == 201, played.content
    body = played.json()
    assert body["move"] == "Ab1Aa3/g" and body["game"]["variant"] == FIVEUP
    after = engine.Position.from_fen(body["fen"], fiveup.with_options(castling=True))
    assert after.piece_at(engine.Move.from_coord("Ab1Aa3", fiveup).from_cell) is not None
    export = as_alice.get(f"/api/v1/games/{game_id}/export/").content.decode()
    assert '[Variant "Five Up"]' in export and '[VariantOptions "castling=on"]' in export


def test_a_raumschach_unicorn_move_in_five_up_is_refused(fiveup, alice, bob):
    game_id = start_game(alice, bob)
    as_alice = token_client(alice)
    before = db_snapshot()
    # Bb1 holds Raumschach's unicorn, which slides to Cc2; in Five Up Bb1 holds a bishop.
    body = assert_error(as_alice.post(f"/api/v1/games/{game_id}/moves/",
                                                 {"move": "Bb1Cc2", "ply": 0}, format="json"),
                        400, "illegal_move")
    position = engine.Position.start(fiveup)
    with pytest.raises(engine.IllegalMoveError) as reason:
        position.validate(position.parse_coord("Bb1Cc2"))
    assert reason.value.reason in body["detail"]
    assert db_snapshot() == before


def test_a_raumschach_position_in_five_up_and_the_reverse_are_refused(fiveup, alice, bob):
    as_alice = token_client(alice)
    before = db_snapshot()
    body = assert_error(as_alice.post("/api/v1/challenges/", {
        "opponent": "bob", "variant": "fiveup", "fen": engine.START_FEN}, format="json"),
        400, "bad_position")
    assert "expected 7" in body["detail"]
    body = assert_error(as_alice.post("/api/v1/challenges/", {
        "opponent": "bob", "fen": fiveup.start_fen}, format="json"), 400, "bad_position")
    assert "expected 4" in body["detail"]
    assert db_snapshot() == before


@pytest.mark.parametrize("options", [{"castling": "maybe"}, {"castles": True}])
def test_a_bad_five_up_option_is_refused(fiveup, as_alice, bob, options):
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/challenges/", {
        "opponent": "bob", "variant": "fiveup", "variant_options": options}, format="json"),
        400, "bad_variant_option")
    assert db_snapshot() == before
