"""The Celery worker and the bot's turn (issue 24):
- a warm shutdown (SIGTERM: `docker stop`, systemd) mid-search does not wait out a 30-s Master
  search (docker would SIGKILL it after 10 s): the search is hurried, the move played once, and
  the worker exits within seconds;
- a search running longer than the broker's visibility timeout is not handed out a second time:
  the worker's heartbeat keeps its message fresh (here with a 3-s timeout)."""
import re
import signal
import time

import pytest

from bots.models import Bot
from games import services
from games.models import Game, Move
from tests.bots.workers import wait_until
from tests.site_fixtures import make_user

pytestmark = [
    pytest.mark.celery, pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

EXPERT, MASTER = 4, 5
SEARCH_STARTS = 30  # seconds
EXITS_WITHIN = 10  # seconds after SIGTERM (docker stop's default grace)


def game_against(level: int, name: str) -> Game:
    person = make_user(name)
    game = Game.objects.create(white=person, black=Bot.objects.get(level=level).user)
    services.game_play_move(game=game, user=person, move="Bb2Cb2", ply=0)
    return game


def plies(game: Game) -> list[int]:
    return list(Move.objects.filter(game=game).order_by("ply").values_list("ply", flat=True))


def test_a_warm_shutdown_mid_search_plays_the_move_once_and_exits_within_seconds(workers):
    worker = workers()
    game = game_against(MASTER, "alice")
    worker.wait_for_log(rf"searching game {game.pk} at ply 1", timeout=SEARCH_STARTS)
    worker.process.send_signal(signal.SIGTERM)
    sent = time.monotonic()
    worker.process.wait(EXITS_WITHIN)  # TimeoutExpired if it waits out the 30-s search
    print(f"\nthe worker exited {time.monotonic() - sent:.1f} s after SIGTERM")
    assert plies(game) == [1, 2], worker.log()
    assert "hurrying bots.tasks.play_bot_move" in worker.log()
    assert len(re.findall(rf"played \S+ in game {game.pk} at ply 1", worker.log())) == 1


def test_a_search_longer_than_the_visibility_timeout_is_delivered_once(workers):
    short = {"CELERY_VISIBILITY_TIMEOUT": "3"}
    pair = [workers(extra_env=short), workers(extra_env=short)]  # an idle one would restore it
    game = game_against(EXPERT, "bob")  # 5 s of search, over the 3-s timeout
    assert wait_until(lambda: plies(game) == [1, 2], timeout=60, interval=0.25), \
        pair[0].log() + pair[1].log()
    time.sleep(8)  # a restored copy would be received and run by now
    logs = pair[0].log() + pair[1].log()
    assert len(re.findall(r"Task bots\.tasks\.play_bot_move\[\S+\] received", logs)) == 1, logs
    assert len(re.findall(rf"searching game {game.pk} at ply 1", logs)) == 1
    assert plies(game) == [1, 2]
