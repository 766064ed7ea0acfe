"""Star Trek 3D chess (attack boards that move) through every path of the site the other
variants take: a challenge over REST whose legal moves include board moves, a board move and a
reply, the attackers of a cell, a seek, a rated game rated per variant, the archive, a profile,
the export (board moves in the move text, a position tag for a game from a position), the Bot
API's game stream and its variant list. The generic paths take a board that changes shape."""
import engine
import pytest

from botapi import selectors as botapi_selectors
from games import services
from games.models import Challenge, Game, Move
from ratings.models import Rating
from tests.site_fixtures import accepted_challenge_game, token_client

from .conftest import bearer_client

KEY, NAME = "startrek", "Star Trek 3D chess"
STARTREK = {"key": KEY, "name": NAME}

pytestmark = pytest.mark.django_db


def start(alice, bob, **fields) -> Game:
    return accepted_challenge_game(alice, bob, KEY, **fields)


def test_a_challenge_over_rest_starts_a_game_and_a_board_move_is_played(startrek, alice, bob):
    as_alice, as_bob = token_client(alice), token_client(bob)
    made = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "color": "white", "variant": KEY},
                         format="json")
    assert made.status_code == 201, made.content
    game_id = as_bob.post(f"/api/v1/challenges/{made.json()['id']}/accept/").json()["game"]
    base = f"/api/v1/games/{game_id}/"
    state = as_alice.get(base).json()
    assert state["variant"] == STARTREK and state["fen"] == state["start_fen"] == startrek.start_fen
    # The ruling's 15 first moves (docs/rules/startrek.md section 8), two of them board moves.
    assert sorted(state["legal_moves"]) == sorted(
        "Ba1Bb3 Ba1Ca3 Ba2Ba3 Ba2Ba4 Ba2Ca3 Bb1Ca2 Bb2Bb3 Bb2Bb4 Bc2Bc3 Bc2Bc4 Bd1Bc3 Bd2Bd3 Bd2Bd4 "
        "Q1dK1u Q1dQ1u".split())

    played = as_alice.post(base + "moves/", {"move": "Q1dQ1u", "ply": 0}, format="json")
    assert played.status_code == 201, played.content
    body = played.json()
    after = engine.Position.from_fen(startrek.start_fen, startrek)
    after.push(after.parse_coord("Q1dQ1u"))
    assert body["move"] == "Q1dQ1u" and body["fen"] == after.fen() and body["san"] == "Q1d-Q1u"
    assert body["fen"].split()[2] == "K1d,K6u,Q1u,Q3d,Q4u,Q6u"  # the board stands on Q1u now
    replied = as_bob.post(base + "moves/", {"move": "Fa7Fa6", "ply": 1}, format="json")
    assert replied.status_code == 201, replied.content
    assert list(Move.objects.filter(game__public_id=game_id).order_by("ply").values_list("coord", flat=True)) == [
        "Q1dQ1u", "Fa7Fa6"]
    # The rook the board carried to level C attacks along it; a free pin's cell is on no board
    # now (the page hides it), so asking for it is refused like a cell the stand never has.
    attackers = as_alice.get(base + "attackers/?cell=Ca0").json()
    assert attackers["variant"] == STARTREK and "Cz0" in attackers["white"]
    free_pin = as_alice.get(base + "attackers/?cell=Az0")
    assert free_pin.status_code == 400 and free_pin.json()["error"] == "bad_cell"


def test_a_seek_is_listed_filtered_and_accepted(startrek, alice, bob, carol):
    seek = services.challenge_create(challenger=alice, opponent=None, color="white",
                                     days_per_move=3, public=True, variant=KEY)
    as_carol = token_client(carol)
    listed = as_carol.get(f"/api/v1/seeks/?variant={KEY}").json()
    assert [(s["id"], s["variant"]) for s in listed] == [(seek.pk, STARTREK)]
    game = services.challenge_accept(challenge=seek, user=carol)
    assert (game.variant, game.fen) == (KEY, startrek.start_fen)


def test_a_rated_game_rates_only_star_trek_and_is_archived_and_exported(startrek, alice, bob):
    game = start(alice, bob, rated=True)
    services.game_resign(game=game, user=bob)
    assert Rating.objects.get(user=alice, variant=KEY).games_rated == 1
    assert not Rating.objects.filter(user=alice, variant="raumschach").exists()
    as_alice = token_client(alice)
    archived = as_alice.get(f"/api/v1/games/?variant={KEY}").json()["results"]
    assert [(g["id"], g["variant"]) for g in archived] == [(game.public_id, STARTREK)]
    page = as_alice.get(f"/archive/?variant={KEY}").content.decode()
    assert f'data-variant="{KEY}">{NAME}</td>' in page and f"/games/{game.public_id}/replay/" in page
    assert as_alice.get("/api/v1/users/alice/").json()["recent_games"][0]["variant"] == STARTREK
    export = as_alice.get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    assert f'[Variant "{NAME}"]' in export and '[Result "1-0"]' in export and "[FEN " not in export


def test_a_board_move_is_in_the_export_and_a_position_start_is_tagged(startrek, alice, bob):
    fen = startrek.start_fen.replace(" w ", " b ")
    game = start(alice, bob, fen=fen)
    assert (game.start_fen, game.turn) == (fen, "black")
    as_bob = token_client(bob)
    # Black's Q6u board carries its queen, rook and pawns down a level, keeping their ranks.
    played = as_bob.post(f"/api/v1/games/{game.public_id}/moves/", {"move": "Q6uQ6d", "ply": 0}, format="json")
    assert played.status_code == 201, played.content
    export = token_client(alice).get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    assert f'[FEN "{fen}"]' in export and "Q6u-Q6d" in export


def test_the_bot_api_streams_a_star_trek_game_and_a_bot_may_list_it(startrek, alice, bob, robo):
    game = start(alice, bob)
    full = botapi_selectors.game_full_json(game)
    assert full["variant"]["key"] == KEY and full["variant"]["name"] == NAME
    declined = bearer_client(alice).post("/api/challenge/robo", {"variant": KEY}, format="json").json()
    assert (declined["status"], declined["declineReasonKey"]) == ("declined", "variant")
    listed = bearer_client(robo).post("/api/bot/account/variants", {"variants": f"raumschach,{KEY}"},
                                      format="json")
    assert listed.json() == {"variants": ["raumschach", KEY]}
    pending = bearer_client(alice).post("/api/challenge/robo", {"variant": KEY}, format="json").json()
    assert pending["status"] == "created" and pending["variant"]["key"] == KEY
    assert bearer_client(robo).post(f"/api/challenge/{pending['id']}/accept").json() == {"ok": True}
    assert Challenge.objects.get(pk=pending["id"]).game.variant == KEY
