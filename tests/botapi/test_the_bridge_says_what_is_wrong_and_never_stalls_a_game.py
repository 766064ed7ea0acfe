"""scripts/bot_bridge.py on what goes wrong, over a real Daphne process (embedded set-up):
- a missing token, an unknown one, or one without the bot:play scope: one line saying so and
  exit code 2, no traceback;
- an engine whose moves the server refuses is asked again, told the refusal and its reason
  (`refused <move> <reason>`), and after three refusals in a row the bridge resigns the game:
  the game ends instead of stalling;
- an engine that cannot play the game (an `error` answer to every position, as an engine of
  another game gives) is asked three times and the game resigned, not retried for ever;
- a second bridge on the same token: the first is told (its event stream's last line is
  `streamReplaced`), says so in one line and stops (exit code 3), so two programs never play
  the same games."""
from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
import requests

from accounts import services as account_services
from games.models import Game
from tests.botapi.live import BRIDGE_SERVER_ENV, BRIDGE_USER, bridged_games, start_bridge, start_daphne
from tests.realtime.servers import ROOT
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

TIMEOUT = 120

# An engine that always answers an illegal move and writes down what it was told.
STUBBORN = """
import sys
for line in sys.stdin:
    with open(sys.argv[1], "a") as seen:
        seen.write(line)
    if line.startswith("isready"):
        print("readyok", flush=True)
    elif line.startswith("position"):
        print("bestmove Aa1Aa2", flush=True)
"""


@pytest.fixture
def server(built_in_bots, tmp_path):
    daphne = start_daphne(tmp_path, **BRIDGE_SERVER_ENV)
    yield daphne
    daphne.stop()


def online(server) -> bool:
    answer = requests.get(f"{server.http}/api/users/status", params={"ids": BRIDGE_USER},
                          timeout=10).json()
    return bool(answer and answer[0].get("online"))


def bridge_run(server, *args: str, token: str | None = None) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "RAUMSCHACH_TOKEN": token or ""}
    return subprocess.run([sys.executable, "scripts/bot_bridge.py", "--server", server.http,
                           *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)


def one_line_error(done: subprocess.CompletedProcess, *words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert all(word in lines[0] for word in words), lines[0]


def test_token_problems_are_one_line(server):
    user = make_user(BRIDGE_USER)
    one_line_error(bridge_run(server), "no token", "RAUMSCHACH_TOKEN")
    one_line_error(bridge_run(server, token="not-a-token"), "does not know this token")
    no_bot = account_services.api_token_create(user=user, name="t", scopes=["board:play"])[1]
    one_line_error(bridge_run(server, token=no_bot), "bot:play")


def test_refused_moves_are_asked_again_with_the_reason_then_the_game_is_resigned(
        server, tmp_path):
    user = make_user(BRIDGE_USER)
    token = account_services.api_token_create(user=user, name="bridge")[1]
    seen = tmp_path / "seen.txt"
    engine = tmp_path / "stubborn.py"
    engine.write_text(STUBBORN)
    config = tmp_path / "bot.json"
    config.write_text(json.dumps({"server": server.http, "token": token,
                                  "engine": f"{sys.executable} {engine} {seen}"}))
    log = tmp_path / "bridge.log"
    # Either colour: the bridge's first turn is three refusals and a resignation.
    bridge = start_bridge(config, log, "--upgrade", "--challenge", "beginner-bot",
                          "--games", "1")
    try:
        assert bridge.wait(TIMEOUT) == 0, log.read_text()
    finally:
        if bridge.poll() is None:
            bridge.kill()
    game = bridged_games().get()
    assert game.status == Game.Status.FINISHED
    assert game.termination == Game.Termination.RESIGN
    told = seen.read_text().splitlines()
    assert told[0] == "setoption name UCI_Variant value raumschach"
    refusals = [line for line in told if line.startswith("refused ")]
    assert len(refusals) == 2 and refusals[0].startswith("refused Aa1Aa2 "), told
    assert sum(line.startswith("position ") for line in told) == 3
    assert any(line.startswith("legalmoves ") and len(line.split()) > 2 for line in told)
    assert "resigning" in log.read_text()

# An engine of another game: it answers every position with an error.
CONFUSED = """
import sys
for line in sys.stdin:
    if line.startswith("isready"):
        print("readyok", flush=True)
    elif line.startswith("position"):
        print("error 'w' is not a piece letter of my game", flush=True)
"""


def test_an_engine_that_cannot_play_the_game_makes_the_bridge_resign_it(server, tmp_path):
    user = make_user(BRIDGE_USER)
    token = account_services.api_token_create(user=user, name="bridge")[1]
    engine = tmp_path / "confused.py"
    engine.write_text(CONFUSED)
    config = tmp_path / "bot.json"
    config.write_text(json.dumps({"server": server.http, "token": token,
                                  "engine": f"{sys.executable} {engine}"}))
    log = tmp_path / "bridge.log"
    bridge = start_bridge(config, log, "--upgrade", "--variant", "fiveup",
                          "--challenge", "beginner-bot", "--games", "1")
    try:
        assert bridge.wait(TIMEOUT) == 0, log.read_text()
    finally:
        if bridge.poll() is None:
            bridge.kill()
    game = bridged_games().get()
    assert game.variant == "fiveup" and game.termination == Game.Termination.RESIGN
    text = log.read_text()
    assert text.count("is not a piece letter of my game") >= 3 and "resigning" in text, text


def test_a_second_bridge_on_the_same_token_stops_the_first(server, tmp_path):
    user = make_user(BRIDGE_USER)
    token = account_services.api_token_create(user=user, name="bridge")[1]
    config = tmp_path / "bot.json"
    config.write_text(json.dumps({"server": server.http, "token": token,
                                  "engine": f"{sys.executable} scripts/tiny_engine.py"}))
    first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
    first = start_bridge(config, first_log, "--upgrade")
    second = None
    try:
        deadline = time.monotonic() + TIMEOUT
        while not online(server):  # the first bridge's event stream is open
            assert first.poll() is None, first_log.read_text()
            assert time.monotonic() < deadline
            time.sleep(0.2)
        second = start_bridge(config, second_log)
        assert first.wait(TIMEOUT) == 3, first_log.read_text()
        text = first_log.read_text()
        assert "another client opened this account's event stream" in text, text
        assert "Traceback" not in text
        assert second.poll() is None, second_log.read_text()  # the newer one plays on
        assert "already has an event stream open" in second_log.read_text()
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(15)
