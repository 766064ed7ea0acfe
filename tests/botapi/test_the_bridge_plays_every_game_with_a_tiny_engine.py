"""scripts/bot_bridge.py with the protocol's smallest engine (scripts/tiny_engine.py: a random
move from the bridge's `legalmoves` line, the ~30 lines docs/engine-protocol.md shows) plays a
whole game of each of the site's four games against the built-in Beginner bot: the bridge tells
the server the variant it plays (`--variant`), challenges in it, tells each engine process its
game (`setoption name UCI_Variant value <key>`), and no move of the engine is refused (in Five
Up, placements `Dc5Ac5/g` included). A real Daphne process, embedded set-up."""
from __future__ import annotations

import json
import sys

import pytest

from accounts import services as account_services
from bots.models import Bot
from games.models import Game, Move
from tests.botapi.live import BRIDGE_SERVER_ENV, BRIDGE_USER, bridged_games, start_bridge, start_daphne
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

GAME_TIMEOUT = 900  # seconds; random v random, tens of seconds when the machine is idle


@pytest.fixture
def server(built_in_bots, tmp_path):
    # Random against random runs to hundreds of plies (often the 50-move rule): the per-account
    # action limit (120 a minute), there for fairness, would make each game last many minutes.
    daphne = start_daphne(tmp_path, **BRIDGE_SERVER_ENV, RATE_LIMIT_BOTAPI_ACTION="0/1")
    yield daphne
    daphne.stop()


@pytest.mark.parametrize("variant", ["raumschach", "fiveup", "hexraumschach", "startrek"])
def test_the_bridge_and_a_tiny_engine_play_a_whole_game_against_the_beginner_bot(
        server, tmp_path, variant):
    user = make_user(BRIDGE_USER)
    token = account_services.api_token_create(user=user, name="bridge")[1]
    config = tmp_path / "bot.json"
    config.write_text(json.dumps({"server": server.http, "token": token,
                                  "engine": f"{sys.executable} scripts/tiny_engine.py"}))
    log = tmp_path / "bridge.log"
    bridge = start_bridge(config, log, "--upgrade", "--variant", variant,
                          "--challenge", "beginner-bot", "--games", "1")
    try:
        assert bridge.wait(GAME_TIMEOUT) == 0, log.read_text() + server.log()[-3000:]
    finally:
        if bridge.poll() is None:
            bridge.kill()
    text = log.read_text()

    assert Bot.objects.get(user=user).variants == [variant]
    game = bridged_games().get()
    assert game.variant == variant
    assert {game.white.username, game.black.username} == {BRIDGE_USER, "beginner-bot"}
    assert game.status == Game.Status.FINISHED, (game.status, game.termination)
    assert game.termination != Game.Termination.RESIGN
    assert "refused" not in text, text  # no move of the engine was refused: no stall, no retry
    mine = Move.objects.filter(game=game).count()
    assert mine == game.ply > 2
    if variant == "fiveup":  # the tiny engine picks placements as often as anything else
        assert Move.objects.filter(game=game, coord__contains="/").exists()
