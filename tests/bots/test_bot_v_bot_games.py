"""Staff start games between two bots, from the API and the admin; both bots' moves chain
through the on-commit hook, and the game is watchable like any other."""
from unittest import mock

import pytest
from django.contrib.auth import get_user_model

from bots import hooks, services
from core import background
from bots.models import Bot
from games.errors import Conflict
from games.models import Game
from tests.site_fixtures import assert_error, db_snapshot, make_user, token_client

User = get_user_model()
WAIT = 60  # seconds for the background thread to play a Beginner/Easy move


@pytest.fixture
def staff(db):
    return User.objects.create_user("referee", password="x-long-pass-99", is_staff=True)


@pytest.fixture
def as_staff(staff):
    return token_client(staff)


@pytest.mark.django_db
def test_staff_start_a_bot_game_from_the_api(as_staff, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = as_staff.post("/api/v1/bots/games/", {"white": 2, "black": 4}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["white"], body["black"], body["ply"]) == ("normal-bot", "expert-bot", 0)
    assert body["status"] == "active" and body["days_per_move"] is None
    assert len(callbacks) == 1  # White's first move is queued after commit


@pytest.mark.django_db
def test_a_bot_game_is_watchable_like_any_game(as_staff, anon):
    game_id = as_staff.post("/api/v1/bots/games/", {"white": 0, "black": 1},
                            format="json").json()["id"]
    state = anon.get(f"/api/v1/games/{game_id}/").json()
    assert state["white"] == "beginner-bot" and state["your_color"] is None


@pytest.mark.django_db
def test_people_who_are_not_staff_cannot_start_bot_games(as_alice, anon):
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/bots/games/", {"white": 0, "black": 1}, format="json"),
                 403, "permission_denied")
    assert anon.post("/api/v1/bots/games/", {"white": 0, "black": 1},
                     format="json").status_code == 401
    assert db_snapshot() == before


@pytest.mark.django_db
@pytest.mark.parametrize("payload, status, code", [
    ({"white": 1, "black": 1}, 400, "invalid"),
    ({"white": 1}, 400, "invalid"),
    ({"white": "one", "black": 2}, 400, "invalid"),
    ({"white": 1, "black": 9}, 404, "not_found"),
])
def test_a_bad_bot_game_request_is_refused_and_changes_nothing(as_staff, payload, status, code):
    before = db_snapshot()
    assert_error(as_staff.post("/api/v1/bots/games/", payload, format="json"), status, code)
    assert db_snapshot() == before


@pytest.mark.django_db
def test_only_a_few_bot_games_run_at_once(staff):
    for _ in range(services.MAX_ACTIVE_BOT_GAMES):
        services.bot_game_start(white_level=0, black_level=1, started_by=staff)
    with pytest.raises(Conflict) as refused:
        services.bot_game_start(white_level=0, black_level=1, started_by=staff)
    assert refused.value.code == "too_many_bot_games"
    assert Game.objects.count() == services.MAX_ACTIVE_BOT_GAMES


@pytest.mark.django_db
def test_the_admin_action_starts_a_game_between_two_selected_bots(client, staff):
    staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    ids = list(Bot.objects.filter(level__in=[1, 3]).values_list("pk", flat=True))
    response = client.post("/admin/bots/bot/", {"action": "start_game_stronger_white",
                                                "_selected_action": ids}, follow=True)
    assert response.status_code == 200
    game = Game.objects.get()
    assert (game.white.username, game.black.username) == ("hard-bot", "easy-bot")
    assert "Started" in response.content.decode()


@pytest.mark.django_db
def test_the_admin_action_needs_exactly_two_bots(client, staff):
    staff.is_superuser = True
    staff.save()
    client.force_login(staff)
    ids = list(Bot.objects.filter(level__in=[1, 2, 3]).values_list("pk", flat=True))
    response = client.post("/admin/bots/bot/", {"action": "start_game_weaker_white",
                                                "_selected_action": ids}, follow=True)
    assert "Select exactly two bots." in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_both_bots_move_on_their_own_one_after_the_other(settings):
    settings.BACKGROUND_IN_PROCESS = True
    staff = make_user("referee")
    staff.is_staff = True
    staff.save()
    dispatched: list[int] = []
    real_dispatch = hooks.dispatch_bot_move

    def dispatch_four_moves(game_id: int, level: int, **options) -> bool:
        # Beginner v Easy could run for hundreds of moves: let the chain play four, then stop
        # queueing so the test can end the game without racing a bot thread.
        dispatched.append(game_id)
        return real_dispatch(game_id, level, **options) if len(dispatched) <= 4 else False

    with mock.patch("bots.hooks.dispatch_bot_move", side_effect=dispatch_four_moves):
        game = services.bot_game_start(white_level=0, black_level=1, started_by=staff)
        assert background.wait_until_idle(WAIT)
    game.refresh_from_db()
    assert game.ply == 4 and game.moves.count() == 4 and len(dispatched) == 5
    assert game.turn == "white" and game.status == "active"
