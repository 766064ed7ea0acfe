"""A bot's move in a live game (issue 46) goes to the live lane (bots/lanes.py: the Celery queue
`bots_live`, the embedded `bots_live` threads) whatever its level: its clock runs while it
waits, so it never waits behind correspondence searches. Correspondence moves keep their
level's lane (issue 38's quick and deep lanes), and the per-account cap on bot games bounds
what one account puts in the live lane as in the others."""
import pytest

from bots import hooks, lanes, queueing, runner
from core import background
from engine.search import LEVELS
from games import services as game_services
from games.errors import TooManyBotGames
from games.models import Game
from tests.bots.conftest import bot_user

pytestmark = pytest.mark.django_db


def test_every_level_in_a_live_game_takes_the_live_lane(settings):
    settings.BOTS_DEEP_FROM_LEVEL = 3
    assert [lanes.lane(level, live=True) for level in sorted(LEVELS)] == ["bots_live"] * 6
    assert [lanes.lane(level) for level in sorted(LEVELS)] == [
        "bots", "bots", "bots", "bots_deep", "bots_deep", "bots_deep"]


def test_with_a_broker_a_live_move_is_published_to_the_live_queue(monkeypatch):
    published = []

    class Task:
        def apply_async(self, **options):
            published.append(options["queue"])

    monkeypatch.setattr(background, "task", lambda name: Task())
    queueing.queue_bot_move(17, level=5, live=True)
    queueing.queue_bot_move(17, level=1, live=True)
    queueing.queue_bot_move(17, level=5)
    assert published == ["bots_live", "bots_live", "bots_deep"]


def test_without_a_broker_a_live_move_runs_in_the_live_pool(monkeypatch):
    pools = []
    monkeypatch.setattr(background, "submit", lambda *a, pool, **k: pools.append(pool))
    hooks.dispatch_bot_move(17, 5, live=True)
    runner.start_bot_move(17, level=0, live=True)
    hooks.dispatch_bot_move(17, 0)
    assert pools == ["bots_live", "bots_live", "bots"]


def test_the_live_pool_has_its_own_threads():
    spec = background.POOLS["bots_live"]
    assert spec.threads_setting == "BOTS_LIVE_THREADS"
    assert spec.nice_setting == "BOTS_THREAD_NICE"


def live_game_against(challenger, bot, *, limit: int = 60) -> Game:
    """A live game against a built-in bot, which takes the challenge at once."""
    challenge = game_services.challenge_create(
        challenger=challenger, opponent=bot, color="white", days_per_move=None,
        clock_limit=limit, clock_increment=0)
    return Game.objects.get(public_id=challenge.pk)


def test_a_turn_passing_to_a_bot_in_a_live_game_is_dispatched_to_the_live_lane(
        monkeypatch, alice):
    pools = []
    monkeypatch.setattr(background, "submit", lambda *a, pool, **k: pools.append(pool))
    game = live_game_against(alice, bot_user(5))
    pools.clear()  # whatever the start of the game queued
    assert hooks.request_bot_move_if_needed(game.pk, bot_user(5).pk)
    assert pools == ["bots_live"]


def test_one_account_holds_at_most_its_cap_of_places_in_the_live_lane(alice, settings,
                                                                      monkeypatch):
    monkeypatch.setattr(background, "submit", lambda *a, **k: None)  # no bot moves here
    for _ in range(settings.MAX_BOT_GAMES):
        live_game_against(alice, bot_user(4))
    with pytest.raises(TooManyBotGames):
        live_game_against(alice, bot_user(4))
