"""With Redis unreachable (channel layer, cache and broker all pointed at a closed port) a move
over REST is stored and answered 201 at once, and the failed announcement is logged: clients
catch up from the database (?since). Anything that still fails on Redis is a 503 JSON error,
never a 500."""
import logging

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from games.api.exceptions import api_exception_handler
from games.models import Move
from tests.realtime.servers import free_port

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def redis_down(settings):
    dead = f"redis://127.0.0.1:{free_port()}/0"
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer",
                                           "CONFIG": {"hosts": [dead]}}}
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
                                   "LOCATION": dead}}
    settings.BACKGROUND_IN_PROCESS = True
    return dead


def test_a_move_is_stored_and_answered_and_the_lost_event_logged(redis_down, as_alice, game,
                                                                 caplog):
    with caplog.at_level(logging.ERROR):
        response = as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                                 {"move": "Bb2Cb2", "ply": 0}, format="json")
    assert response.status_code == 201, response.content
    assert list(Move.objects.filter(game=game).values_list("ply", flat=True)) == [1]
    assert "publish_move" in caplog.text and "Connect" in caplog.text
    state = as_alice.get(f"/api/v1/games/{game.public_id}/?since_ply=0")
    assert state.status_code == 200 and [m["ply"] for m in state.json()["moves"]] == [1]


def test_what_still_fails_on_redis_is_a_503_json_error():
    response = api_exception_handler(RedisConnectionError("Error 111 connecting"), {})
    assert response.status_code == 503
    assert response.data["error"] == "unavailable" and response["Retry-After"]
