"""Home lists your running games with those where it is your turn first, then by deadline;
the header's "your turn" count matches."""
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.site_fixtures import make_game, make_user, play

pytestmark = pytest.mark.django_db


def test_your_turn_games_come_first_then_the_nearest_deadline(alice, bob, alice_client):
    now = timezone.now()
    dave, erin, fay = make_user("dave"), make_user("erin"), make_user("fay")
    # alice is White in all: it is her turn in a fresh game, bob's turn after her move.
    waiting_far = play(make_game(alice, bob, days_per_move=7), "Bb2Cb2")
    her_turn_no_clock = make_game(alice, dave)
    her_turn_late = make_game(alice, erin, deadline=now + timedelta(days=5))
    her_turn_soon = make_game(alice, fay, deadline=now + timedelta(days=1))
    rows = alice_client.get("/").context["games"]
    assert [row["game"].pk for row in rows] == [
        her_turn_soon.pk, her_turn_late.pk, her_turn_no_clock.pk, waiting_far.pk]
    assert [row["your_turn"] for row in rows] == [True, True, True, False]


def test_finished_games_are_not_among_the_running_ones(alice, bob, alice_client, game):
    from games import services
    services.game_resign(game=game, user=alice)
    assert alice_client.get("/").context["games"] == []


def test_the_header_count_and_its_json_agree(alice, bob, alice_client, game):
    make_game(bob, alice)  # bob's turn
    assert alice_client.get("/").context["turn_count"] == 1
    assert alice_client.get("/your-turn/count/").json() == {"count": 1}
    play(game, "Bb2Cb2")
    assert alice_client.get("/your-turn/count/").json() == {"count": 0}


def test_the_count_needs_a_login():
    assert Client().get("/your-turn/count/").status_code == 401
