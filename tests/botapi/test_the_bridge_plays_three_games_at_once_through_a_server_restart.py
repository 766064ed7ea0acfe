"""scripts/bot_bridge.py as the bot runner: from a config file it plays three games at once
against the site's built-in bots on a pool of two engine processes (our own engine), and
survives a restart of the server in the middle: its streams reconnect with back-off, the games
in progress are picked up again, and it finishes every game (a real Daphne process, embedded
set-up; the restarted server resumes the built-in bots' waiting moves)."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time

import pytest

from accounts import services as account_services
from games.models import Game, Move
from tests.botapi.live import BRIDGE_SERVER_ENV, BRIDGE_USER, bridged_games, start_bridge, start_daphne
from tests.site_fixtures import make_user

# transaction=True: the server process must see the built-in bots (built_in_bots) committed.
pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

GAMES = 3
RUN_TIMEOUT = 900  # seconds for the three games; a few minutes when the machine is idle


def moves_in_every_game(at_least: int) -> bool:
    games = list(bridged_games())
    return len(games) == GAMES and all(g.ply >= at_least for g in games)


def test_three_games_at_once_on_two_engines_through_a_server_restart(built_in_bots, tmp_path):
    server = start_daphne(tmp_path, **BRIDGE_SERVER_ENV)
    user = make_user(BRIDGE_USER)
    token = account_services.api_token_create(user=user, name="bridge")[1]
    config = tmp_path / "bot.json"
    config.write_text(json.dumps({
        "server": server.http, "token": token, "engines": 2, "concurrency": GAMES,
        "engine": f"{sys.executable} -m engine bridge --level 1 --seed 3",
        "challenge": ["beginner-bot", "easy-bot", "beginner-bot"],
        "greeting": {"player": "Good luck!", "spectator": "Hello, spectators."}}))
    log = tmp_path / "bridge.log"
    bridge = start_bridge(config, log, "--upgrade", "--games", str(GAMES))
    try:
        deadline = time.monotonic() + RUN_TIMEOUT
        while not moves_in_every_game(2):  # all three under way, a move of each side
            assert bridge.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.5)
        engines = subprocess.run(["pgrep", "-f", "-P", str(bridge.pid), "engine bridge"],
                                 capture_output=True, text=True).stdout.split()
        assert len(engines) == 2  # two engine processes for three games

        running = bridged_games().filter(status=Game.Status.ACTIVE).count()
        assert running >= 1  # the restart comes in the middle (of all three, when not loaded)
        port = server.port
        server.stop()  # the server goes away mid-games...
        time.sleep(3)
        server = start_daphne(tmp_path, port=port, **BRIDGE_SERVER_ENV)  # ...and comes back
        code = bridge.wait(max(1, deadline - time.monotonic()))
    finally:
        if bridge.poll() is None:
            bridge.send_signal(signal.SIGTERM)
            bridge.wait(30)
        server.stop()
    text = log.read_text()
    assert code == 0, text[-4000:]
    assert "reconnecting" in text or "again in" in text  # it did lose the server
    games = list(bridged_games().order_by("pk"))
    assert len(games) == GAMES
    for game in games:
        assert game.status == Game.Status.FINISHED, (game.public_id, game.status, text[-3000:])
        assert game.termination not in (Game.Termination.RESIGN, Game.Termination.ABORT,
                                        Game.Termination.TIMEOUT)
        assert Move.objects.filter(game=game).count() == game.ply
        # The greeting, once per game, in both rooms.
        said = sorted(game.chat_messages.filter(author=user).values_list("room", "text"))
        assert said == [("players", "Good luck!"), ("spectators", "Hello, spectators.")]
