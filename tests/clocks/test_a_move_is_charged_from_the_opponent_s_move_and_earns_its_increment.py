"""Time is charged between the server's receipt of consecutive moves, and each move made in
time adds the increment; the move event carries the clock as of the move's receipt (increment
added, the opponent's clock just started), and a fresh read charges the running side up to
now. The clocks start as on lichess: from the opponent's reply to each side's first move."""
from unittest import mock

import pytest
from django.utils import timezone

from games import events
from tests.clocks.helpers import live_game, move_at, ms

pytestmark = pytest.mark.django_db


def test_each_move_is_charged_its_thinking_time_and_earns_the_increment(
        alice, bob, django_capture_on_commit_callbacks):
    game = live_game(alice, bob, limit=180, increment=2)
    t0 = timezone.now()
    sent = []
    with mock.patch.object(events, "publish_move", side_effect=lambda **kw: sent.append(kw)), \
            django_capture_on_commit_callbacks(execute=True):
        move_at(game, "Bb2Cb2", t0 + ms(1))  # White's first move: no clock runs yet
        assert (game.white_clock_ms, game.clock_started_at) == (180_000, None)
        move_at(game, "Dc4Dc3", t0 + ms(2))  # Black's first move: White's clock starts
        assert game.clock_started_at == t0 + ms(2)
        assert game.deadline == t0 + ms(2) + ms(180)
        move_at(game, "Bc2Cc2", t0 + ms(5.5))  # White thought 3.5 s
        assert game.white_clock_ms == 180_000 - 3_500 + 2_000
        assert game.deadline == t0 + ms(5.5) + ms(180)  # Black's whole time: its clock starts
        move_at(game, "Dd4Dd3", t0 + ms(9.25))  # Black thought 3.75 s
        assert game.black_clock_ms == 180_000 - 3_750 + 2_000
    clocks = [message["clock"] for message in sent]
    assert clocks == [
        {"limit": 180, "increment": 2, "white": 180_000, "black": 180_000, "running": None},
        {"limit": 180, "increment": 2, "white": 180_000, "black": 180_000, "running": "white"},
        {"limit": 180, "increment": 2, "white": 178_500, "black": 180_000, "running": "black"},
        {"limit": 180, "increment": 2, "white": 178_500, "black": 178_250, "running": "white"},
    ]


def test_a_read_charges_the_running_side_up_to_now(alice, bob, as_alice):
    game = live_game(alice, bob, limit=60, increment=0)
    t0 = timezone.now()
    move_at(game, "Bb2Cb2", t0)
    move_at(game, "Dc4Dc3", t0 - ms(10))  # as if Black had replied ten seconds ago
    clock = as_alice.get(f"/api/v1/games/{game.public_id}/").json()["clock"]
    since_t0 = (timezone.now() - t0).total_seconds() * 1000
    assert clock["running"] == "white" and clock["black"] == 60_000
    assert 50_000 - since_t0 <= clock["white"] <= 50_000


def test_a_game_without_an_increment_adds_nothing(alice, bob):
    game = live_game(alice, bob, limit=60, increment=0)
    t0 = timezone.now()
    for seconds, coord in ((0, "Bb2Cb2"), (1, "Dc4Dc3"), (3, "Bc2Cc2"), (4, "Dd4Dd3")):
        move_at(game, coord, t0 + ms(seconds))
    assert (game.white_clock_ms, game.black_clock_ms) == (58_000, 59_000)
