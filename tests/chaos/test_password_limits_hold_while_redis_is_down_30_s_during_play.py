"""Chaos with the real services (issue 24): this test's own Redis (never the machine's shared
one) is down for 30 s while two people and a bot play through a real Daphne server and Celery
worker. During the outage the limits on password guesses still limit (their counters fall back
to the database; they used to fail open: 30 wrong passwords, then the right one accepted),
every request is answered without a 5xx and every move is stored; afterwards nothing is lost
or doubled and the bot answers."""
from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest

from bots.models import Bot
from games.models import Game
from tests.bots import workers
from tests.chaos.test_redis_restarted_while_two_players_and_a_bot_play import (  # noqa: F401
    BOT_BACK_WITHIN, EASY, Player, plies, ply_of, stack)
from tests.site_fixtures import PASSWORD, make_user

pytestmark = [pytest.mark.redis, pytest.mark.postgres, pytest.mark.celery,
              pytest.mark.live_server_process, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

OUTAGE = 30  # seconds
ACCOUNT_LIMIT = 10  # RATE_LIMIT_LOGIN_ACCOUNT's default: wrong passwords per account per 15 min


def token_exchange(server, username: str, password: str, address: str) -> int:
    request = urllib.request.Request(
        server.http + "/api/v1/accounts/token/", method="POST",
        data=json.dumps({"username": username, "password": password}).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": address})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def test_redis_down_30_s_password_limits_still_limit_and_nothing_is_lost(stack):
    redis, server, worker = stack
    statuses: list[int] = []
    alice_user, bob_user = make_user("alice"), make_user("bob")
    make_user("carol")
    people = Game.objects.create(white=alice_user, black=bob_user)
    versus_bot = Game.objects.create(white=alice_user, black=Bot.objects.get(level=EASY).user)
    alice, bob = Player(server, alice_user, statuses), Player(server, bob_user, statuses)
    alice.move(people.public_id)
    alice.move(versus_bot.public_id)
    assert workers.wait_until(lambda: ply_of(versus_bot) == 2, timeout=BOT_BACK_WITHIN), \
        worker.log()

    redis.stop()
    down_at = time.monotonic()
    # A guesser spreading 30 wrong passwords for carol (the server counts its direct peer:
    # the header is ignored without a trusted proxy) is stopped after the account's 10.
    guesses = [token_exchange(server, "carol", f"guess-{i}", f"198.51.100.{i}")
               for i in range(30)]
    assert guesses == [401] * ACCOUNT_LIMIT + [429] * (30 - ACCOUNT_LIMIT), guesses
    assert token_exchange(server, "carol", PASSWORD, "198.51.100.99") == 429
    # People play on and every move is stored; alice's move against the bot too.
    moved = 1
    while time.monotonic() - down_at < OUTAGE - 3:
        mover = bob if moved % 2 else alice
        # First-legal-move play can end the game (a repetition) within the outage on a quiet
        # machine: then every move up to the end must be stored, and play stops there.
        if not mover.state(people.public_id)["legal_moves"]:
            break
        mover.move(people.public_id)
        moved += 1
        time.sleep(1)
    alice.move(versus_bot.public_id)
    assert ply_of(people) == moved and ply_of(versus_bot) == 3
    time.sleep(max(0.0, OUTAGE - (time.monotonic() - down_at)))

    redis.start()
    assert workers.wait_until(lambda: ply_of(versus_bot) == 4, timeout=BOT_BACK_WITHIN,
                              interval=0.5), worker.log()
    time.sleep(3)  # a duplicate would land now
    assert plies(people) == list(range(1, moved + 1))
    assert plies(versus_bot) == [1, 2, 3, 4]
    # carol's counter outlived the outage: still locked once Redis is back
    assert token_exchange(server, "carol", PASSWORD, "198.51.100.98") == 429
    assert all(status < 500 for status in statuses), statuses
    assert " 500 " not in server.log()
    assert "counted in the database: cache unreachable" in server.log()
