"""In the embedded set-up (no Redis: bots search in a thread of the server process) a server
stopped mid-search lost the search with it, and with no broker to re-deliver it and no beat to
sweep, the game waited forever. On start-up the server now starts the move of every game
waiting for a bot."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.bots.workers import wait_until
from tests.realtime.servers import DaphneServer

pytestmark = [pytest.mark.live_server_process, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
REPLY = 60  # seconds; the Beginner answers at once

ARRANGE = """
from django.contrib.auth import get_user_model
from bots.models import Bot
from games.models import Game
alice = get_user_model().objects.create_user("alice", password="a-long-Passphrase-7")
beginner = Bot.objects.get(level=0).user
waiting = Game.objects.create(white=beginner, black=alice)  # the bot to move, nobody asked it
humans_turn = Game.objects.create(white=alice, black=beginner)
print(waiting.pk, waiting.public_id, humans_turn.public_id)
"""


def embedded_env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(REDIS_URL="", DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3", BOTS_RESUME_ON_START="1",
               DJANGO_SETTINGS_MODULE="raumschach_site.settings")
    return env


def game_ply(server: DaphneServer, game_id: str) -> int:
    """`game_id`: the public id, as the API names games."""
    with urllib.request.urlopen(f"{server.http}/api/v1/games/{game_id}/", timeout=10) as answer:
        return json.load(answer)["ply"]


def test_a_game_waiting_for_its_bot_gets_the_move_when_the_server_starts(tmp_path):
    env = embedded_env(tmp_path)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                   check=True, timeout=120)
    arranged = subprocess.run([sys.executable, "manage.py", "shell", "-v0", "-c", ARRANGE],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    # The server's log names a game by its internal key, the API by its public id.
    waiting_key, waiting, humans_turn = arranged.stdout.split()

    server = DaphneServer(tmp_path / "daphne.log", database_url=env["DATABASE_URL"],
                          extra_env=env)
    try:
        assert wait_until(lambda: game_ply(server, waiting) == 1, timeout=REPLY,
                          interval=0.5), server.log()
        assert game_ply(server, humans_turn) == 0
        assert f"game {waiting_key} was waiting for its bot when the server started" in server.log()
    finally:
        server.stop()
