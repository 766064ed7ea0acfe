"""Vacation with a controlled clock: clocks stop in every game where it is the player's turn
(and in games whose turn passes to them meanwhile) and restart with exactly the time they had;
it ends when switched off, when the player moves, or when the yearly days run out; the sweep
and game_expire_if_due never time out a paused game; the opponent sees it in the API."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import Conflict
from games.models import Game, Vacation
from tests.site_fixtures import make_game, play, token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    """A controlled clock: timezone.now() returns `clock.now`; `clock.advance(...)`."""
    class Clock:
        now = timezone.now().replace(month=3, day=1, microsecond=0)

        def advance(self, **delta) -> None:
            self.now += timedelta(**delta)

    c = Clock()
    monkeypatch.setattr(timezone, "now", lambda: c.now)
    return c


def _game(white, black, clock, *, days: int = 3, left: timedelta | None = None) -> Game:
    game = make_game(white, black, days_per_move=days)
    play(game, "Bb2Bb3", "Db4Db3")  # both have moved: a timeout would lose, not abort
    if left is not None:
        Game.objects.filter(pk=game.pk).update(deadline=clock.now + left)
    game.refresh_from_db()
    return game


def test_clocks_stop_and_restart_with_exactly_the_time_left(alice, bob, carol, clock):
    mine = _game(alice, bob, clock, left=timedelta(hours=30))  # alice to move
    theirs = _game(carol, alice, clock)  # carol to move: her clock runs on
    theirs_deadline = theirs.deadline
    services.vacation_start(user=alice)
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.deadline is None and mine.clock_paused_remaining == timedelta(hours=30)
    assert theirs.deadline == theirs_deadline and theirs.clock_paused_remaining is None
    clock.advance(days=6)
    assert services.vacation_end(user_id=alice.pk)
    mine.refresh_from_db()
    assert mine.deadline == clock.now + timedelta(hours=30)
    assert mine.clock_paused_remaining is None


def test_a_turn_passing_to_a_player_on_vacation_does_not_start_their_clock(
        alice, bob, clock):
    game = _game(alice, bob, clock)
    services.game_play_move(game=game, user=alice, move="Bc2Bc3", ply=2)  # bob to move
    services.vacation_start(user=bob)
    game.refresh_from_db()
    assert game.deadline is None and game.clock_paused_remaining == timedelta(days=3)
    other = _game(alice, bob, clock)
    services.game_play_move(game=other, user=alice, move="Bc2Bc3", ply=2)
    other.refresh_from_db()
    assert other.deadline is None and other.clock_paused_remaining == timedelta(days=3)


def test_moving_in_a_paused_game_ends_the_vacation(alice, bob, clock,
                                                  django_capture_on_commit_callbacks):
    game = _game(alice, bob, clock, left=timedelta(hours=10))
    other = _game(alice, bob, clock, left=timedelta(hours=20))
    services.vacation_start(user=alice)
    clock.advance(days=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_play_move(game=game, user=alice, move="Bc2Bc3", ply=2)
    game.refresh_from_db()
    other.refresh_from_db()
    assert not services.vacation_active(user_id=alice.pk)
    assert game.clock_paused_remaining is None and game.deadline == clock.now + timedelta(days=3)
    assert other.deadline == clock.now + timedelta(hours=20)
    assert Vacation.objects.get(user=alice).seconds_used == 2 * 86400


def test_the_sweep_never_times_out_a_paused_game(alice, bob, clock):
    game = _game(alice, bob, clock, left=timedelta(hours=1))
    services.vacation_start(user=alice)
    clock.advance(days=5)
    assert services.games_sweep_expired() == 0
    assert services.game_expire_if_due(game=game) is False
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_when_the_days_run_out_the_clock_restarts_from_that_moment(alice, bob, clock,
                                                                  settings):
    settings.VACATION_DAYS_PER_YEAR = 3
    game = _game(alice, bob, clock, left=timedelta(hours=5))
    start = clock.now
    services.vacation_start(user=alice)
    clock.advance(days=3, hours=2)  # the periodic job runs two hours late
    assert services.vacations_end_due() == 1
    game.refresh_from_db()
    assert game.deadline == start + timedelta(days=3, hours=5)
    assert services.games_sweep_expired() == 0
    clock.advance(hours=4)
    assert services.games_sweep_expired() == 1  # a running clock does run out
    game.refresh_from_db()
    assert (game.status, game.termination, game.result) == ("finished", "timeout", "0-1")


def test_the_yearly_allowance_is_enforced(alice, bob, clock, settings):
    settings.VACATION_DAYS_PER_YEAR = 10
    services.vacation_start(user=alice)
    clock.advance(days=4)
    services.vacation_end(user_id=alice.pk)
    assert services.vacation_left(user=alice) == timedelta(days=6)
    vacation = services.vacation_start(user=alice)
    assert vacation.ends_at == clock.now + timedelta(days=6)
    with pytest.raises(Conflict):
        services.vacation_start(user=alice)  # already on
    clock.advance(days=7)
    services.vacations_end_due()
    assert services.vacation_left(user=alice) == timedelta()
    with pytest.raises(Conflict) as refused:
        services.vacation_start(user=alice)
    assert refused.value.code == "no_vacation_left"
    clock.now = clock.now.replace(year=clock.now.year + 1, month=1, day=2)
    assert services.vacation_start(user=alice).ends_at == clock.now + timedelta(days=10)


def test_the_opponent_sees_the_vacation_in_the_api_and_on_the_game_page(alice, bob, clock):
    game = _game(alice, bob, clock, left=timedelta(hours=30))
    client = token_client(bob)
    as_alice = token_client(alice)
    response = as_alice.post("/api/v1/vacation/")
    assert response.status_code == 201 and response.json()["on_vacation"] is True
    state = client.get(f"/api/v1/games/{game.public_id}/").json()
    assert (state["clock_paused"], state["clock_remaining"], state["on_vacation"],
            state["deadline"]) == (True, 30 * 3600, ["white"], None)
    from django.test import Client

    browser = Client()
    browser.force_login(bob)
    page = browser.get(f"/games/{game.public_id}/")
    assert b"On vacation:" in page.content and b"alice" in page.content
    assert as_alice.post("/api/v1/vacation/").status_code == 409
    assert as_alice.delete("/api/v1/vacation/").json()["on_vacation"] is False
    state = client.get(f"/api/v1/games/{game.public_id}/").json()
    assert (state["clock_paused"], state["on_vacation"]) == (False, [])


def test_a_vacation_for_a_number_of_days_ends_by_itself_then(alice, bob, clock):
    game = _game(alice, bob, clock, left=timedelta(hours=7))
    start = clock.now
    assert services.vacation_start(user=alice, days=2).ends_at == start + timedelta(days=2)
    clock.advance(days=2, minutes=5)
    assert not services.vacation_active(user_id=alice.pk)
    assert services.vacations_end_due() == 1
    game.refresh_from_db()
    assert game.deadline == start + timedelta(days=2, hours=7)
    assert services.vacation_left(user=alice) == timedelta(days=28)


def test_a_nonsense_number_of_days_is_a_400_and_changes_nothing(alice, bob, clock):
    client = token_client(alice)
    for days in (0, -3, "two", 1.5):
        response = client.post("/api/v1/vacation/", {"days": days}, format="json")
        assert response.status_code == 400 and response.json()["error"], days
    assert not services.vacation_active(user_id=alice.pk)
    response = client.post("/api/v1/vacation/", {"days": 3}, format="json")
    assert response.status_code == 201
    assert response.json()["ends_at"].startswith((clock.now + timedelta(days=3)).date().isoformat())
