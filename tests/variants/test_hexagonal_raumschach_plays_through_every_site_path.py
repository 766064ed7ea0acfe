"""Hexagonal Raumschach (185 cells on five hexagon levels) through every path of the site the
cube's variants take: a challenge and a seek, moves over REST and the game socket, the
attackers of a cell, the archive filter, a profile, the export, per-variant ratings, the Bot
API's game stream and its variant list. Nothing here is written for hex: these tests prove the
generic paths take a board that is not a cube."""
import engine
import pytest

from botapi import selectors as botapi_selectors
from games import services
from games.models import Challenge, Game, Move
from ratings.models import Rating
from tests.site_fixtures import accepted_challenge_game, token_client

from .conftest import bearer_client

KEY, NAME = "hexraumschach", "Hexagonal Raumschach"
HEX = {"key": KEY, "name": NAME}

pytestmark = pytest.mark.django_db


def start(alice, bob, **fields) -> Game:
    return accepted_challenge_game(alice, bob, KEY, **fields)


def test_a_challenge_over_rest_starts_a_hex_game_and_both_sides_move(hexraumschach, alice, bob):
    as_alice, as_bob = token_client(alice), token_client(bob)
    made = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "color": "white", "variant": KEY},
                         format="json")
    assert made.status_code == 201, made.content
    assert made.json()["variant"] == HEX
    game_id = as_bob.post(f"/api/v1/challenges/{made.json()['id']}/accept/").json()["game"]
    base = f"/api/v1/games/{game_id}/"
    state = as_alice.get(base).json()
    assert state["variant"] == HEX and state["fen"] == state["start_fen"] == hexraumschach.start_fen
    start_position = engine.Position.from_fen(hexraumschach.start_fen, hexraumschach)
    expected = sorted(start_position.coord(m) for m in start_position.legal_moves())
    assert sorted(state["legal_moves"]) == expected and len(expected) == 53  # the ruling's perft(1)

    white = expected[0]
    played = as_alice.post(base + "moves/", {"move": white, "ply": 0}, format="json")
    assert played.status_code == 201, played.content
    body = played.json()
    assert body["move"] == white and body["game"]["variant"] == HEX
    after = engine.Position.from_fen(hexraumschach.start_fen, hexraumschach)
    after.push(after.parse_coord(white))
    assert body["fen"] == after.fen()
    black = sorted(after.coord(m) for m in after.legal_moves())[-1]
    replied = as_bob.post(base + "moves/", {"move": black, "ply": 1}, format="json")
    assert replied.status_code == 201, replied.content
    assert list(Move.objects.filter(game__public_id=game_id).order_by("ply").values_list("coord", flat=True)) == [
        white, black]
    # The attackers of a hex cell, named in the variant's own cells.
    attackers = as_alice.get(base + "attackers/?cell=Cd4").json()
    assert attackers["variant"] == HEX
    assert all(hexraumschach.geometry.parse_cell(c) >= 0 for c in attackers["white"] + attackers["black"])


def test_a_hex_seek_is_listed_filtered_and_accepted(hexraumschach, alice, bob, carol):
    seek = services.challenge_create(challenger=alice, opponent=None, color="white",
                                     days_per_move=3, public=True, variant=KEY)
    as_carol = token_client(carol)
    listed = as_carol.get(f"/api/v1/seeks/?variant={KEY}").json()
    assert [(s["id"], s["variant"]) for s in listed] == [(seek.pk, HEX)]
    assert as_carol.get("/api/v1/seeks/?variant=fiveup").json() == []
    game = services.challenge_accept(challenge=seek, user=carol)
    assert (game.variant, game.fen) == (KEY, hexraumschach.start_fen)


def test_a_rated_hex_game_rates_only_hex_and_is_archived_and_exported(hexraumschach, alice, bob):
    game = start(alice, bob, rated=True)
    services.game_resign(game=game, user=bob)
    assert Rating.objects.get(user=alice, variant=KEY).games_rated == 1
    assert not Rating.objects.filter(user=alice, variant="raumschach").exists()
    as_alice = token_client(alice)
    archived = as_alice.get(f"/api/v1/games/?variant={KEY}").json()["results"]
    assert [(g["id"], g["variant"]) for g in archived] == [(game.public_id, HEX)]
    assert as_alice.get("/api/v1/games/?variant=raumschach").json()["results"] == []
    page = as_alice.get(f"/archive/?variant={KEY}").content.decode()
    assert f'data-variant="{KEY}">{NAME}</td>' in page and f"/games/{game.public_id}/replay/" in page
    assert as_alice.get("/api/v1/users/alice/").json()["recent_games"][0]["variant"] == HEX
    ratings = {r["variant"]["key"] if isinstance(r["variant"], dict) else r["variant"]: r
               for r in as_alice.get("/api/v1/users/alice/").json()["ratings"]}
    assert KEY in ratings
    export = as_alice.get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    assert f'[Variant "{NAME}"]' in export and '[Result "1-0"]' in export
    assert "[FEN " not in export  # from the variant's own start: no position tag


def test_a_hex_game_from_a_position_string_is_exported_with_it(hexraumschach, alice, bob):
    fen = hexraumschach.start_fen.replace(" w ", " b ")
    game = start(alice, bob, fen=fen)
    assert (game.start_fen, game.turn) == (fen, "black")
    export = token_client(alice).get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    assert f'[FEN "{fen}"]' in export


def test_the_bot_api_streams_a_hex_game_and_a_bot_may_list_hex(hexraumschach, alice, bob, robo):
    game = start(alice, bob)
    full = botapi_selectors.game_full_json(game)
    assert full["variant"]["key"] == KEY and full["variant"]["name"] == NAME
    assert full["initialFen"] == "startpos"
    declined = bearer_client(alice).post("/api/challenge/robo", {"variant": KEY}, format="json").json()
    assert (declined["status"], declined["declineReasonKey"]) == ("declined", "variant")
    listed = bearer_client(robo).post("/api/bot/account/variants", {"variants": f"raumschach,{KEY}"},
                                      format="json")
    assert listed.json() == {"variants": ["raumschach", KEY]}
    pending = bearer_client(alice).post("/api/challenge/robo", {"variant": KEY}, format="json").json()
    assert pending["status"] == "created" and pending["variant"]["key"] == KEY
    assert bearer_client(robo).post(f"/api/challenge/{pending['id']}/accept").json() == {"ok": True}
    assert Challenge.objects.get(pk=pending["id"]).game.variant == KEY
