"""Two jobs for the same ply do not both search it; a re-delivered task (same task id) takes
over the claim its dead first delivery left behind."""
from unittest import mock

import pytest
from django.core.cache import cache

from bots import services
from bots.claims import claim_key
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def waiting_game(alice, easy_bot):
    game = play(make_game(alice, easy_bot), "Bb2Cb2")
    yield game
    cache.delete(claim_key(game, 1))


def test_a_ply_another_job_is_searching_is_not_searched_again(waiting_game):
    cache.add(claim_key(waiting_game, 1), "task-1", timeout=60)
    with mock.patch("bots.search.choose_move") as search:
        outcome = services.bot_move_play(game_id=waiting_game.pk, job_id="task-2")
    assert outcome.status == "busy" and not search.called
    waiting_game.refresh_from_db()
    assert waiting_game.ply == 1


def test_a_redelivered_task_resumes_the_claim_of_its_dead_first_delivery(waiting_game, caplog):
    cache.add(claim_key(waiting_game, 1), "task-1", timeout=60)
    outcome = services.bot_move_play(game_id=waiting_game.pk, job_id="task-1")
    assert outcome.status == "played"
    assert "resumed by re-delivered job task-1" in caplog.text


def test_the_claim_is_released_when_the_move_is_played(waiting_game):
    services.bot_move_play(game_id=waiting_game.pk, job_id="task-1")
    assert cache.get(claim_key(waiting_game, 1)) is None


def test_the_claim_is_released_when_the_search_fails(waiting_game):
    with mock.patch("bots.search.choose_move", side_effect=RuntimeError("engine bug")):
        with pytest.raises(RuntimeError):
            services.bot_move_play(game_id=waiting_game.pk, job_id="task-1")
    assert cache.get(claim_key(waiting_game, 1)) is None


def test_a_job_without_a_task_id_never_takes_over_a_claim(waiting_game):
    cache.add(claim_key(waiting_game, 1), "task-1", timeout=60)
    with mock.patch("bots.search.choose_move") as search:
        outcome = services.bot_move_play(game_id=waiting_game.pk)
    assert outcome.status == "busy" and not search.called
