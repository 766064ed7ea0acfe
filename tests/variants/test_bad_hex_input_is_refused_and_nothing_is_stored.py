"""Bad input in a Hexagonal Raumschach game, through the REST API: a cell no hex level has
(`Aa5`: the a-file has four cells: an unknown_cell, naming it), a cube move (the cube's opening `Bc2Cc2`, and a cube
position string), a malformed hex position string in a challenge. Each is a clear 400 with the
engine's reason, and nothing is stored."""
import engine
import pytest

from games import services
from games.models import Challenge, Game
from tests.site_fixtures import assert_error, db_snapshot, token_client

pytestmark = pytest.mark.django_db

KEY = "hexraumschach"


@pytest.fixture
def hex_game(hexraumschach, alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, variant=KEY)
    return services.challenge_accept(challenge=challenge, user=bob)


@pytest.mark.parametrize("move", ["Ab1Aa5", "Aa5Ba5", "Ag5Bg4", "Ad8Bd7"])
def test_a_cell_no_hex_level_has_is_an_unknown_cell(hex_game, alice, move):
    client = token_client(alice)
    before = db_snapshot()
    body = assert_error(client.post(f"/api/v1/games/{hex_game.public_id}/moves/",
                                                 {"move": move, "ply": 0}, format="json"),
                        400, "unknown_cell")
    missing = next(half for half in (move[:3], move[3:]) if half in ("Aa5", "Ba5", "Ag5", "Ad8"))
    assert body["detail"].startswith(f"{move} is not a move of Hexagonal Raumschach: there is no {missing} "
                                     "on its board (level A-E, file a-g, rank 1-4 on files a and g")
    assert db_snapshot() == before


def test_the_cubes_opening_move_is_illegal_in_hex_with_the_engines_reason(hex_game, hexraumschach, alice):
    client = token_client(alice)
    before = db_snapshot()
    body = assert_error(client.post(f"/api/v1/games/{hex_game.public_id}/moves/",
                                                 {"move": "Bc2Cc2", "ply": 0}, format="json"),
                        400, "illegal_move")
    position = engine.Position.start(hexraumschach)
    with pytest.raises(engine.IllegalMoveError) as reason:
        position.validate(position.parse_coord("Bc2Cc2"))
    assert reason.value.reason in body["detail"]
    assert db_snapshot() == before


def test_a_hex_move_in_a_cube_game_is_refused(game, alice):
    """The other way round: Cd7 (the top of a hex d-file) is no cell of the cube."""
    client = token_client(alice)
    before = db_snapshot()
    assert_error(client.post(f"/api/v1/games/{game.public_id}/moves/",
                                          {"move": "Cd6Cd7", "ply": 0}, format="json"),
                 400, "unknown_cell")
    assert db_snapshot() == before


def malformed_hex_strings(start: str) -> dict[str, str]:
    levels = start.split()[0].split("|")
    return {
        "a file one cell too long": start.replace("4/4p/4pq", "5/4p/4pq", 1),
        "a level with six files": "|".join([levels[0].rsplit("/", 1)[0], *levels[1:]]) + " w 0 1",
        "four levels": "|".join(levels[:4]) + " w 0 1",
        "a letter no piece has": start.replace("pq", "pw", 1),
        "the side to move": start.replace(" w ", " x "),
        "the cube's start": engine.START_FEN,
    }


@pytest.mark.parametrize("case", ["a file one cell too long", "a level with six files", "four levels",
                                  "a letter no piece has", "the side to move", "the cube's start"])
def test_a_malformed_hex_position_string_in_a_challenge_is_refused(hexraumschach, alice, bob, case):
    fen = malformed_hex_strings(hexraumschach.start_fen)[case]
    with pytest.raises(ValueError):
        engine.Position.from_fen(fen, hexraumschach)  # the engine refuses it too
    client = token_client(alice)
    before = db_snapshot()
    body = assert_error(client.post("/api/v1/challenges/", {
        "opponent": "bob", "variant": KEY, "fen": fen}, format="json"), 400, "bad_position")
    assert body["detail"]
    assert Challenge.objects.count() == 0 and Game.objects.count() == 0
    assert db_snapshot() == before


def test_a_hex_position_string_in_a_raumschach_challenge_is_refused(hexraumschach, alice, bob):
    client = token_client(alice)
    before = db_snapshot()
    assert_error(client.post("/api/v1/challenges/", {
        "opponent": "bob", "fen": hexraumschach.start_fen}, format="json"), 400, "bad_position")
    assert db_snapshot() == before
