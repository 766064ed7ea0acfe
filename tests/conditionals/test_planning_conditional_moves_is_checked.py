"""Lines are stored only on the opponent's turn of an active game, only for players, and only
when every move is legal in turn and the same moves always get the same reply; a refusal is a
clear 4xx JSON error and stores nothing."""
import pytest

from conditionals.models import ConditionalLine
from tests.conditionals.conftest import plan
from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db


def test_lines_are_refused_on_your_own_turn(started, as_bob):
    assert_error(plan(as_bob, started, ["Bc2Bc3", "Db4Db3"]), 409, "your_turn")


def test_an_illegal_move_anywhere_in_a_line_is_refused(started, as_alice):
    body = assert_error(plan(as_alice, started, ["Db4Db3", "Bc2Bc3", "Dc4Dc3", "Aa1Ee5"]),
                        400, "illegal_move")
    assert "move 4" in body["detail"]
    assert_error(plan(as_alice, started, ["Db4Db3", "nonsense"]), 400, "malformed_move")


def test_a_line_must_be_pairs_of_moves(started, as_alice):
    assert_error(plan(as_alice, started, ["Db4Db3", "Bc2Bc3", "Dc4Dc3"]), 400, "invalid_line")
    assert_error(plan(as_alice, started, ["Db4Db3"]), 400, "invalid")


def test_two_replies_to_the_same_move_are_refused(started, as_alice):
    assert_error(plan(as_alice, started, ["Db4Db3", "Bc2Bc3"], ["Db4Db3", "Bd2Bd3"]),
                 400, "conflicting_lines")


def test_spectators_and_finished_games_are_refused(started, as_alice, as_carol, alice):
    assert_error(plan(as_carol, started, ["Db4Db3", "Bc2Bc3"]), 403, "not_a_player")
    from games import services
    services.game_resign(game=started, user=alice)
    assert_error(plan(as_alice, started, ["Db4Db3", "Bc2Bc3"]), 409, "game_over")


def test_a_refused_plan_keeps_the_previous_one(started, as_alice):
    assert plan(as_alice, started, ["Db4Db3", "Bc2Bc3"]).status_code == 200
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3"], ["Db4Db3", "Bd2Bd3"])
    assert list(ConditionalLine.objects.values_list("moves", flat=True)) == [
        ["Db4Db3", "Bc2Bc3"]]


def test_the_editor_preview_gives_the_position_and_legal_moves(started, as_alice, as_carol):
    url = f"/api/v1/games/{started.public_id}/conditional-moves/preview/"
    body = as_alice.get(url, {"moves": "Db4Db3"}).json()
    assert body["turn"] == "white" and body["san"] and "Bc2Bc3" in body["legal_moves"]
    assert_error(as_alice.get(url, {"moves": "Db4Db3,Aa1Ee5"}), 400, "illegal_move")
    assert_error(as_carol.get(url, {"moves": ""}), 403, "not_a_player")


def test_a_preview_with_a_mistyped_parameter_is_refused(started, as_alice):
    url = f"/api/v1/games/{started.public_id}/conditional-moves/preview/"
    response = as_alice.get(url, {"move": "Db4Db3"})
    assert_error(response, 400, "invalid")
    assert "move" in response.json()["detail"] and "moves=" in response.json()["detail"]


def test_lines_go_when_the_game_ends(started, as_alice, bob):
    from games import services
    plan(as_alice, started, ["Db4Db3", "Bc2Bc3"])
    services.game_resign(game=started, user=bob)
    assert ConditionalLine.objects.count() == 0
