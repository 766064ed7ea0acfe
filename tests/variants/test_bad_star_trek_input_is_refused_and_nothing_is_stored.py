"""Bad input in a Star Trek game, through the REST API: a move onto a cell that does not exist
in the current arrangement (a free pin's cell), an attack-board move breaking each condition of
the ruling (docs/rules/startrek.md section 5: a king aboard, an empty board, a pawn's ranks, an
enemy piece aboard, a taken pin), names that are no cell or pin, and malformed position strings
in a challenge. Each is a clear 400 with the engine's reason, and nothing is stored."""
import engine
import pytest

from games import services
from games.models import Challenge, Game
from tests.site_fixtures import assert_error, db_snapshot, token_client
from tests.startrek_positions import fen

pytestmark = pytest.mark.django_db

KEY = "startrek"
START_PINS = ("K1d", "K6u", "Q1d", "Q3d", "Q4u", "Q6u")


def start(alice, bob, **fields) -> Game:
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, variant=KEY, **fields)
    return services.challenge_accept(challenge=challenge, user=bob)


def refused(client, game: Game, move: str, code: str) -> str:
    before = db_snapshot()
    body = assert_error(client.post(f"/api/v1/games/{game.public_id}/moves/", {"move": move, "ply": game.ply},
                                    format="json"), 400, code)
    assert db_snapshot() == before
    return body["detail"]


@pytest.mark.parametrize("move, reason", [
    # Bd2's pawn would step up onto the K3d pin's Cd3: no board stands there at the start.
    ("Bd2Cd3", "Cd3 does not exist in the current arrangement (no attack board stands on K3d)"),
    ("K1dK1u", "the attack board on K1d carries a king, so it cannot move"),
    ("Q3dQ3u", "the attack board on Q3d is empty: a board moves only carrying at least one piece"),
    ("Q1dQ2u", "the attack board on Q1d carries a pawn, so it must keep its ranks (0-1); Q2u stands on ranks 4-5"),
    ("Q1dQ3d", "Q3d is taken: another attack board stands on it"),
])
def test_a_move_breaking_the_stand_is_illegal_with_the_engines_reason(startrek, alice, bob, move, reason):
    game = start(alice, bob)
    detail = refused(token_client(alice), game, move, "illegal_move")
    assert reason in detail
    position = engine.Position.start(startrek)
    with pytest.raises(engine.IllegalMoveError) as raised:
        position.validate(position.parse_coord(move))
    assert raised.value.reason == reason  # the site says what the engine says


def test_a_board_carrying_an_enemy_piece_cannot_be_moved(startrek, alice, bob):
    position = fen({"Bb1": "K", "Az0": "R", "Aa1": "n", "Fd8": "k"}, START_PINS)
    game = start(alice, bob, fen=position)
    detail = refused(token_client(alice), game, "Q1dQ1u", "illegal_move")
    assert "the attack board on Q1d carries an enemy piece" in detail


@pytest.mark.parametrize("move, name", [("Bb2Cb3", "Cb3"), ("Q9dQ1u", "Q9d"), ("Q1dX1u", "X1u"),
                                        ("K1dK9u", "K9u")])
def test_a_name_that_is_no_cell_or_pin_is_an_unknown_cell_named(startrek, alice, bob, move, name):
    game = start(alice, bob)
    detail = refused(token_client(alice), game, move, "unknown_cell")
    assert detail.startswith(f"{move} is not a move of Star Trek 3D chess: there is no {name} on its board (")


def malformed(start_fen: str) -> dict[str, str]:
    fields = start_fen.split()
    pins = fields[2].split(",")
    return {
        "five pins": " ".join([*fields[:2], ",".join(pins[:5]), *fields[3:]]),
        "a pin twice": " ".join([*fields[:2], ",".join([*pins[:5], pins[0]]), *fields[3:]]),
        "no such pin": " ".join([*fields[:2], ",".join([*pins[:5], "Q7u"]), *fields[3:]]),
        # White's Q1d board (its rook, queen and pawns on level A) left off the pins: they would
        # stand on cells that are not there.
        "pieces on a free pin": " ".join([*fields[:2], ",".join([*pins[:2], "K2d", *pins[3:]]), *fields[3:]]),
        "six levels": " ".join([fields[0].split("|", 1)[1], *fields[1:]]),
        "a piece off every board": start_fen.replace("6/1nbbn1/1pppp1", "6/nnbbn1/1pppp1", 1),
        "an unmoved cell with no pawn": start_fen.replace("Az1,", "Ab1,", 1),
        "the cube's start": engine.START_FEN,
    }


@pytest.mark.parametrize("case", ["five pins", "a pin twice", "no such pin", "pieces on a free pin", "six levels",
                                  "a piece off every board", "an unmoved cell with no pawn", "the cube's start"])
def test_a_malformed_star_trek_position_string_in_a_challenge_is_refused(startrek, alice, bob, case):
    text = malformed(startrek.start_fen)[case]
    with pytest.raises(ValueError):
        engine.Position.from_fen(text, startrek)  # the engine refuses it too
    client = token_client(alice)
    before = db_snapshot()
    # A board missing under pieces reads, but is no set-up (engine.PinError): illegal_position.
    code, words = (("illegal_position", "Illegal") if case == "pieces on a free pin" else ("bad_position", "Not a"))
    body = assert_error(client.post("/api/v1/challenges/", {
        "opponent": "bob", "variant": KEY, "fen": text}, format="json"), 400, code)
    assert body["detail"].startswith(f"{words} Star Trek 3D chess position")
    assert Challenge.objects.count() == 0 and Game.objects.count() == 0
    assert db_snapshot() == before
