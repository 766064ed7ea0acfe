"""scripts/bot_bridge.py shuts down cleanly on SIGTERM and picks its games up again when started
anew (issue 28: "clean shutdown", "games resumed after a restart"): mid-game it exits 0 within a
bound, leaves no engine process behind and nothing half done on the server (the games still
running, every stored move a whole move, nobody resigned or aborted); a new bridge on the same
token finds the games in its event stream's opening burst and finishes them."""
from __future__ import annotations

import json
import os
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

GAMES = 2
STOP_BOUND = 15  # seconds from SIGTERM to exit: the streams are cut, the engines told to quit
RUN_TIMEOUT = 900


def engine_pids(bridge: subprocess.Popen) -> list[int]:
    found = subprocess.run(["pgrep", "-f", "-P", str(bridge.pid), "engine bridge"],
                           capture_output=True, text=True).stdout.split()
    return [int(pid) for pid in found]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone for every purpose but its exit status: only its parent may reap it.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(") ")[-1][:1] != "Z"


def test_sigterm_mid_game_exits_0_and_a_new_bridge_finishes_the_games(built_in_bots,
                                                                      tmp_path):
    server = start_daphne(tmp_path, **BRIDGE_SERVER_ENV)
    user = make_user(BRIDGE_USER)
    token = account_services.api_token_create(user=user, name="bridge")[1]
    config = tmp_path / "bot.json"
    config.write_text(json.dumps({
        "server": server.http, "token": token, "engines": 1, "concurrency": GAMES,
        "engine": f"{sys.executable} -m engine bridge --level 1 --seed 5",
        "challenge": ["beginner-bot", "beginner-bot"]}))
    log = tmp_path / "bridge.log"
    bridge = start_bridge(config, log, "--upgrade")
    second = None
    try:
        deadline = time.monotonic() + RUN_TIMEOUT
        while not (len(games := list(bridged_games())) == GAMES
                   and all(g.ply >= 2 for g in games)):
            assert bridge.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.5)
        engines = engine_pids(bridge)
        assert len(engines) == 1
        assert bridged_games().filter(status=Game.Status.ACTIVE).exists()

        stopped_at = time.monotonic()
        bridge.send_signal(signal.SIGTERM)
        code = bridge.wait(STOP_BOUND)  # raises TimeoutExpired past the bound
        assert code == 0, log.read_text()[-3000:]
        assert time.monotonic() - stopped_at < STOP_BOUND
        assert not any(alive(pid) for pid in engines)  # the engine was told to quit
        text = log.read_text()
        assert "stopping" in text and "Traceback" not in text, text[-3000:]
        for game in bridged_games():  # nothing half done: no resignation, no abort
            assert game.termination not in (Game.Termination.RESIGN, Game.Termination.ABORT)
            assert Move.objects.filter(game=game).count() == game.ply
        running = list(bridged_games().filter(status=Game.Status.ACTIVE)
                       .values_list("public_id", flat=True))
        assert running  # left running, to be resumed

        # A new bridge (no new challenges) resumes every running game and finishes it.
        config.write_text(json.dumps({**json.loads(config.read_text()), "challenge": []}))
        second = start_bridge(config, log, "--games", str(len(running)))
        code = second.wait(max(1, deadline - time.monotonic()))
        assert code == 0, log.read_text()[-3000:]
    finally:
        for process in (bridge, second):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(30)
        server.stop()
    text = log.read_text()
    for public_id in running:
        game = Game.objects.get(public_id=public_id)
        assert game.status == Game.Status.FINISHED, (public_id, game.status, text[-3000:])
        assert game.termination not in (Game.Termination.RESIGN, Game.Termination.ABORT,
                                        Game.Termination.TIMEOUT)
        assert Move.objects.filter(game=game).count() == game.ply
        assert f"game {public_id} over" in text  # played to its end by the second bridge
