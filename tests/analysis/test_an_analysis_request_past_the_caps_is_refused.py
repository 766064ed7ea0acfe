"""At most ANALYSIS_MAX_RUNNING analyses of a user under way at once, and ANALYSIS_DAILY_CAP
requested in any 24 hours: past them a 429 with its code and a Retry-After, nothing stored or
queued. Staff have no caps; an analysis whose job died (stale) no longer counts as running."""
from datetime import timedelta

import pytest
from django.utils import timezone

from analysis.models import GameAnalysis
from core import background
from tests.site_fixtures import assert_error, token_client

from .conftest import finished_game

URL = "/api/v1/games/{}/analysis/"
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def queued(monkeypatch):
    """Jobs are recorded, not run: an analysis stays queued as long as the test needs."""
    found = []
    monkeypatch.setattr(background, "submit", lambda *a, **k: found.append(a))
    return found


def test_a_second_analysis_while_one_runs_is_refused(alice, bob, as_alice, queued):
    first, second = finished_game(alice, bob), finished_game(alice, bob)
    assert as_alice.post(URL.format(first.public_id)).status_code == 202
    response = as_alice.post(URL.format(second.public_id))
    assert_error(response, 429, "analysis_busy")
    assert int(response["Retry-After"]) > 0
    assert len(queued) == 1 and not GameAnalysis.objects.filter(game=second).exists()


def test_past_the_daily_cap_is_refused(alice, bob, as_alice, queued, settings):
    settings.ANALYSIS_DAILY_CAP = 2
    games = [finished_game(alice, bob) for _ in range(3)]
    for game in games[:2]:
        assert as_alice.post(URL.format(game.public_id)).status_code == 202
        GameAnalysis.objects.filter(game=game).update(status="done")
    response = as_alice.post(URL.format(games[2].public_id))
    assert_error(response, 429, "analysis_daily_cap")
    assert 0 < int(response["Retry-After"]) <= 24 * 3600
    assert len(queued) == 2 and not GameAnalysis.objects.filter(game=games[2]).exists()


def test_requests_older_than_a_day_do_not_count(alice, bob, as_alice, queued, settings):
    settings.ANALYSIS_DAILY_CAP = 1
    old, new = finished_game(alice, bob), finished_game(alice, bob)
    assert as_alice.post(URL.format(old.public_id)).status_code == 202
    GameAnalysis.objects.filter(game=old).update(
        status="done", requested_at=timezone.now() - timedelta(hours=25))
    assert as_alice.post(URL.format(new.public_id)).status_code == 202


def test_a_stale_analysis_no_longer_blocks_and_may_be_asked_again(alice, bob, as_alice, queued,
                                                                  settings):
    first, second = finished_game(alice, bob), finished_game(alice, bob)
    assert as_alice.post(URL.format(first.public_id)).status_code == 202
    long_ago = timezone.now() - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS + 1)
    GameAnalysis.objects.filter(game=first).update(status="running", started_at=long_ago)
    assert as_alice.get(URL.format(first.public_id)).json()["status"] == "failed"
    assert as_alice.post(URL.format(second.public_id)).status_code == 202
    GameAnalysis.objects.filter(game=second).update(status="done")
    assert as_alice.post(URL.format(first.public_id)).status_code == 202  # queued again
    assert len(queued) == 3


def test_staff_have_no_caps(alice, bob, staff, queued, settings):
    settings.ANALYSIS_DAILY_CAP = 0
    client = token_client(staff)
    for game in (finished_game(alice, bob), finished_game(alice, bob)):
        assert client.post(URL.format(game.public_id)).status_code == 202
