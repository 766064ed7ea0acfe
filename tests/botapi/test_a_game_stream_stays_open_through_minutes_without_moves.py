"""A game stream stays open as long as its game runs, however long nobody moves: over a real
Daphne process, berserk's game stream of a game that was busy for longer than a stream slot's
lifetime (moves every half second for 35 s; the slot lasts 30 s with 1 s keep-alives) and then
quiet for five minutes (ten lifetimes of the slot) is still open, and the next move arrives on
it. (The slot used to be refreshed only on quiet intervals: it lapsed during the busy spell and
the stream ended ~18 s into the pause.) A dropped stream reopens at once."""
from __future__ import annotations

import random
import time

import pytest

from accounts import services as account_services
from tests.botapi.live import Reader, client, start_daphne
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.redis,
              pytest.mark.slow]

BUSY_SECONDS = 35  # longer than the slot's 30 s lifetime (BOTAPI_KEEPALIVE_SECONDS=1)
QUIET_SECONDS = 300


@pytest.fixture
def daphne(tmp_path, transactional_db):
    server = start_daphne(tmp_path)
    yield server
    server.stop()


def token(user) -> str:
    return account_services.api_token_create(user=user, name="stream")[1]


def test_a_game_stream_stays_open_five_minutes_without_moves(daphne):
    robo_user, hugo_user = make_user("robo"), make_user("hugo")
    robo, hugo = client(daphne, token(robo_user)), client(daphne, token(hugo_user))
    robo.account.upgrade_to_bot()
    created = hugo.challenges.create("robo", rated=False, days=3, color="black")
    robo.bots.accept_challenge(created["id"])
    game_id = created["id"]

    stream = Reader(robo.bots.stream_game_state(game_id))
    state = stream.next_of("gameFull")["state"]
    chance = random.Random(7)
    began = time.monotonic()
    while time.monotonic() - began < BUSY_SECONDS:
        moves = state["moves"].split()
        legal = [m for m in state["legalMoves"]]
        assert state["status"] == "started" and legal, state
        mover = robo.bots if len(moves) % 2 == 0 else hugo.board
        mover.make_move(game_id, chance.choice(legal))
        state = stream.next_of("gameState")
        time.sleep(0.5)

    time.sleep(QUIET_SECONDS)
    assert stream._thread.is_alive(), f"the stream ended in the pause ({stream.error!r})"
    assert stream.items.empty(), "the stream sent something other than keep-alives"
    moves = state["moves"].split()
    mover = robo.bots if len(moves) % 2 == 0 else hugo.board
    mover.make_move(game_id, state["legalMoves"][0])
    after = stream.next_of("gameState")
    assert after["moves"].split() == moves + [state["legalMoves"][0]]

    # A second stream of the same token replaces the first at once (a client whose
    # connection died reconnects without waiting).
    again = Reader(robo.bots.stream_game_state(game_id))
    assert again.next_of("gameFull")["state"]["moves"] == after["moves"]
    assert stream.ended()
