"""A real Daphne server (embedded stack: its own timers, this test's PostgreSQL database) is
stopped in the middle of a live game and started again. Everything derives from stored
timestamps, so afterwards both clocks are right to within a second of what the test measured
on its own clock - the running side's charged for the time the server was down, the other's
untouched - and the flag falls at the same moment as it would have without the restart (the
new process sets the timer again at start-up), with nobody asking."""
from __future__ import annotations

import json
import time
import urllib.request

import pytest
from django.db import connection

from accounts import services as account_services
from games.models import Game
from tests.bots.workers import test_database_url as this_tests_database_url
from tests.realtime.servers import DaphneServer
from tests.realtime.test_daphne_process_pushes_moves import api_post
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow]

LIMIT = 45  # seconds: room for a restart on a loaded machine before White's flag falls
EMBEDDED = {"REDIS_URL": "", "FLAGS_ON_START": "1"}


def _clock(server: DaphneServer, game_id: str) -> dict:
    with urllib.request.urlopen(f"{server.http}/api/v1/games/{game_id}/", timeout=10) as answer:
        return json.load(answer)["clock"]


def test_a_restart_keeps_both_clocks_and_the_flag_falls_on_time(tmp_path, transactional_db):
    assert connection.vendor == "postgresql"
    alice, bob = make_user("alice"), make_user("bob")
    alice_token = account_services.api_token_create(user=alice, name="t")[1]
    bob_token = account_services.api_token_create(user=bob, name="t")[1]
    log = tmp_path / "daphne.log"
    server = DaphneServer(log, database_url=this_tests_database_url(), extra_env=EMBEDDED)
    try:
        made = api_post(server, "/api/v1/challenges/", {"opponent": "bob", "color": "white",
                                                        "clock_limit": LIMIT,
                                                        "clock_increment": 0}, alice_token)
        game_id = api_post(server, f"/api/v1/challenges/{made['id']}/accept/", {},
                           bob_token)["game"]
        api_post(server, f"/api/v1/games/{game_id}/moves/", {"move": "Bb2Cb2", "ply": 0},
                 alice_token)
        api_post(server, f"/api/v1/games/{game_id}/moves/", {"move": "Dc4Dc3", "ply": 1},
                 bob_token)
        replied = time.monotonic()  # White's clock runs from about now (the server's receipt)
        port = server.port
    finally:
        server.stop()
    time.sleep(2)  # the game goes on while no server runs
    server = DaphneServer(log, database_url=this_tests_database_url(), extra_env=EMBEDDED,
                          port=port)
    try:
        before = time.monotonic()
        clock = _clock(server, game_id)
        after = time.monotonic()
        assert clock["running"] == "white" and clock["black"] == LIMIT * 1000
        # White has lost what passed since Black's reply, restart included (the test's own
        # clock brackets the server's answer).
        assert LIMIT * 1000 - (after - replied) * 1000 - 1000 <= clock["white"]
        assert clock["white"] <= LIMIT * 1000 - (before - replied) * 1000 + 1000
        game = Game.objects.get(public_id=game_id)
        deadline = game.deadline
        until = time.monotonic() + LIMIT + 15
        while time.monotonic() < until:  # the database only: no request to the server
            game.refresh_from_db()
            if game.status != "active":
                break
            time.sleep(0.2)
    finally:
        server.stop()
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout"), \
        server.log()
    assert 0 <= (game.ended_at - deadline).total_seconds() < 2
