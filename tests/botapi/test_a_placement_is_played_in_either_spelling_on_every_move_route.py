"""Five Up's placements (`Dc5Ac5/g`: a reserve piece put on the cell the mover left) can be
sent on every move route of the Bot and Board API in the spelling `legalMoves` gives, raw in
the path as berserk sends it ('/' and all), percent-encoded, or as Fairy-Stockfish writes a
gating move (`Dc5Ac5g`, the letter straight after the cells); every form is stored in the
canonical spelling. A promotion keeps its own spelling in the same game."""
from __future__ import annotations

import pytest

from games.models import Game
from tests.botapi.conftest import bearer_client
from tests.site_fixtures import accepted_challenge_game, db_snapshot, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def fiveup(robo, alice) -> Game:
    return accepted_challenge_game(robo, alice, "fiveup")  # robo (a bot) White, alice Black


def placements(game: Game) -> list[str]:
    from botapi import selectors

    game.refresh_from_db()
    return [m for m in selectors.game_state_json(game)["legalMoves"] if "/" in m]


@pytest.mark.parametrize("spell", [
    lambda m: m,                    # raw, as legalMoves gives it and berserk sends it
    lambda m: m.replace("/", "%2F"),  # percent-encoded
    lambda m: m.replace("/", ""),   # Fairy-Stockfish's gating form
], ids=["raw-slash", "percent-encoded", "fairy-suffix"])
def test_a_placement_is_played_on_the_bot_and_the_board_route(fiveup, robo, alice, spell):
    bot, person = bearer_client(robo), bearer_client(alice)
    white = placements(fiveup)[0]
    response = bot.post(f"/api/bot/game/{fiveup.public_id}/move/{spell(white)}")
    assert response.status_code == 200, response.content
    black = placements(fiveup)[0]
    response = person.post(f"/api/board/game/{fiveup.public_id}/move/{spell(black)}")
    assert response.status_code == 200, response.content
    fiveup.refresh_from_db()
    assert list(fiveup.moves.order_by("ply").values_list("coord", flat=True)) == [white, black]


def test_a_placement_of_a_piece_no_longer_in_hand_is_refused_and_changes_nothing(fiveup, robo):
    bot = bearer_client(robo)
    first = next(m for m in placements(fiveup) if m.endswith("/g"))
    assert bot.post(f"/api/bot/game/{fiveup.public_id}/move/{first}").status_code == 200
    play(fiveup, "Dc4Cc4")
    again = next(m for m in placements(fiveup)).rsplit("/", 1)[0] + "/g"  # the guard is placed
    before = db_snapshot()
    for text in (again, again.replace("/", "")):
        response = bot.post(f"/api/bot/game/{fiveup.public_id}/move/{text}")
        assert response.status_code == 400, response.content
        assert response.json()["code"] == "illegal_move"
    assert db_snapshot() == before


# White to move: a pawn on Da5 promotes on Ea5; the unmoved king on Ae5 may place W, G or S.
PROMOTE_OR_PLACE = "5/5/5/5/4k|P4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|4K/5/5/5/5 w WGS Ae5 - 0 1"


def test_a_pawn_s_letter_is_its_promotion_and_a_piece_s_its_placement():
    from engine import Position
    from engine.variants import variant_by_key

    pos = Position.from_fen(PROMOTE_OR_PLACE, variant_by_key("fiveup"))
    assert pos.coord(pos.parse_coord("Da5Ea5g")) == "Da5Ea5g"  # the pawn promotes to a guard
    assert pos.coord(pos.parse_coord("Ae5Ad5g")) == "Ae5Ad5/g"  # the king leaves a guard
    assert pos.coord(pos.parse_san("Ae5Ad5g")) == "Ae5Ad5/g"
    legal = {pos.coord(m) for m in pos.legal_moves()}
    assert {"Da5Ea5g", "Ae5Ad5/g"} <= legal


@pytest.mark.parametrize("drop_slash", [False, True], ids=["canonical", "fairy-suffix"])
def test_the_rest_api_takes_both_spellings_too(alice, bob, drop_slash):
    from tests.site_fixtures import token_client

    game = accepted_challenge_game(alice, bob, "fiveup")
    move = placements(game)[0]
    response = token_client(alice).post(
        f"/api/v1/games/{game.public_id}/moves/",
        {"move": move.replace("/", "") if drop_slash else move, "ply": 0}, format="json")
    assert response.status_code == 201, response.content
    game.refresh_from_db()
    assert list(game.moves.values_list("coord", flat=True)) == [move]
