"""POST resign/, draw/, abort/: the happy paths and every refusal (status, code, no change)."""
import pytest

from games import services
from tests.site_fixtures import assert_error, db_snapshot, play

pytestmark = pytest.mark.django_db


def post(client, game, action, body=None):
    return client.post(f"/api/v1/games/{game.public_id}/{action}/", body or {}, format="json")


def test_resigning_answers_with_the_finished_state(as_alice, game):
    body = post(as_alice, game, "resign").json()
    assert (body["status"], body["result"], body["termination"]) == ("finished", "0-1",
                                                                     "resign")


def test_a_draw_offer_and_its_acceptance(as_alice, as_bob, game):
    assert post(as_alice, game, "draw", {"action": "offer"}).json()["draw_offer"] == "white"
    body = post(as_bob, game, "draw", {"action": "accept"}).json()
    assert (body["result"], body["termination"]) == ("1/2-1/2", "agreement")


def test_aborting_answers_with_the_aborted_state(as_bob, game):
    assert post(as_bob, game, "abort").json()["status"] == "aborted"


@pytest.mark.parametrize("action, body", [("resign", None), ("draw", {"action": "offer"}),
                                          ("abort", None)])
def test_spectators_are_refused_with_403(as_carol, game, action, body):
    before = db_snapshot()
    assert_error(post(as_carol, game, action, body), 403, "not_a_player")
    assert db_snapshot() == before


@pytest.mark.parametrize("action, body", [("resign", None), ("draw", {"action": "offer"}),
                                          ("abort", None)])
def test_actions_on_a_finished_game_are_refused_with_409(as_alice, as_bob, game, action, body):
    services.game_resign(game=game, user=game.black)
    before = db_snapshot()
    assert_error(post(as_alice, game, action, body), 409, "game_over")
    assert db_snapshot() == before


@pytest.mark.parametrize("action, body", [("resign", None), ("draw", {"action": "offer"}),
                                          ("abort", None)])
def test_actions_need_authentication(anon, game, action, body):
    before = db_snapshot()
    assert_error(post(anon, game, action, body), 401, "not_authenticated")
    assert db_snapshot() == before


def test_abort_after_both_sides_moved_is_refused_with_409(as_alice, game):
    play(game, "Bb2Cb2", "Dc4Dc3")
    before = db_snapshot()
    assert_error(post(as_alice, game, "abort"), 409, "cannot_abort")
    assert db_snapshot() == before


@pytest.mark.parametrize("body", [{}, {"action": "please"}, {"action": 1}])
def test_a_bad_draw_action_is_refused_with_400(as_alice, game, body):
    before = db_snapshot()
    assert_error(post(as_alice, game, "draw", body), 400, "invalid")
    assert db_snapshot() == before


def test_accepting_a_draw_nobody_offered_is_refused_with_409(as_bob, game):
    before = db_snapshot()
    assert_error(post(as_bob, game, "draw", {"action": "accept"}), 409, "no_draw_offer")
    assert db_snapshot() == before


@pytest.mark.parametrize("action", ["resign", "draw", "abort"])
def test_actions_on_an_unknown_game_are_a_json_404(as_alice, action):
    assert_error(post(as_alice, type("G", (), {"public_id": "NoSuchG1"})(), action,
                      {"action": "offer"}), 404, "not_found")
