"""scripts/bot_bridge.py with our own engine (`python -m engine bridge`) as the external
program plays a whole game, as an external bot, against the built-in Beginner bot on a real
Daphne process (embedded set-up: the built-in bot moves in a server thread)."""
from __future__ import annotations

import subprocess
import sys

import pytest
from django.db import connection

from bots.models import Bot
from accounts import services as account_services
from games.models import Game, Move
from tests.botapi.conftest import create_built_in_bots
from tests.bots.workers import test_database_url as this_tests_database_url
from tests.realtime.servers import ROOT, DaphneServer
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow]

GAME_TIMEOUT = 600  # seconds; a Beginner v Easy game takes well under a minute when idle


@pytest.fixture
def daphne(tmp_path, transactional_db):
    assert connection.vendor == "postgresql", "the server process needs the same database"
    create_built_in_bots()  # the migration's, flushed by any earlier transactional test
    server = DaphneServer(tmp_path / "daphne.log", database_url=this_tests_database_url(),
                          extra_env={"REDIS_URL": "", "BOTAPI_KEEPALIVE_SECONDS": "2"})
    yield server
    server.stop()


def test_the_bridge_plays_a_whole_game_against_the_beginner_bot(daphne, tmp_path):
    user = make_user("bridged")
    token = account_services.api_token_create(user=user, name="bridge")[1]
    log = tmp_path / "bridge.log"
    with open(log, "wb") as out:
        finished = subprocess.run(
            [sys.executable, "scripts/bot_bridge.py", "--server", daphne.http, f"--token={token}",
             "--upgrade", "--challenge", "beginner-bot", "--games", "1", "--verbose",
             "--engine", f"{sys.executable} -m engine bridge --level 1 --seed 3"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, timeout=GAME_TIMEOUT)
    assert finished.returncode == 0, log.read_text() + daphne.log()[-3000:]

    assert Bot.objects.get(user=user).external
    game = Game.objects.get()
    assert {game.white.username, game.black.username} == {"bridged", "beginner-bot"}
    assert game.status == Game.Status.FINISHED, (game.status, game.termination)
    assert game.termination != Game.Termination.RESIGN
    assert Move.objects.filter(game=game).count() == game.ply > 2
