"""Chaos: the embedded server (scripts/serve.sh's set-up, its own process on a SQLite file, bots
in server threads) gets SIGTERM while a bot searches (issue 24, finding 3: it used to stay
alive for minutes, and once wrote the bot's move 30 s later).

It must exit within 10 s without playing the half-thought move; started again, it resumes the
bot's move, which is then played exactly once."""
from __future__ import annotations

import re
import signal
import sqlite3
import time

import pytest

from tests.bots.workers import wait_until
from tests.realtime.embedded import call, migrated_database, sign_up, start_embedded

pytestmark = [pytest.mark.live_server_process, pytest.mark.slow]

EXIT_WITHIN = 10  # seconds after SIGTERM
SEARCH_STARTS = 60  # seconds for the bot thread to start searching (a loaded machine)
ANSWER_WITHIN = 90  # seconds after the restart for the resumed Expert (5 s a move) to play


def moves(database, game_id: int) -> list[tuple[int, str]]:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT ply, coord FROM games_move WHERE game_id = ? ORDER BY ply",
                          (game_id,)).fetchall()


def game_key(database, public_id: str) -> int:
    """The internal key of the game the API names by `public_id` (the server's log and the
    move rows use the key)."""
    with sqlite3.connect(database) as db:
        (key,), = db.execute("SELECT id FROM games_game WHERE public_id = ?",
                             (public_id,)).fetchall()
        return key


def test_sigterm_mid_search_exits_quickly_and_the_bot_answers_once_after_a_restart(tmp_path):
    database = migrated_database(tmp_path, tmp_path)
    server = start_embedded(tmp_path / "daphne-1.log", database)
    try:
        token = sign_up(server, "alice")
        status, body = call(server, "POST", "/api/v1/challenges/",
                            {"opponent": "expert-bot", "color": "white"}, token)
        assert status == 201, body
        public_id = body["game"]
        status, body = call(server, "POST", f"/api/v1/games/{public_id}/moves/",
                            {"move": "Bb2Cb2", "ply": 0}, token)
        assert status == 201, body
        game_id = game_key(database, public_id)
        assert wait_until(lambda: re.search(rf"searching game {game_id} at ply 1", server.log()),
                          timeout=SEARCH_STARTS), server.log()

        server.process.send_signal(signal.SIGTERM)  # mid-search
        sent = time.monotonic()
        server.process.wait(EXIT_WITHIN)  # raises TimeoutExpired if still alive
        took = time.monotonic() - sent
        print(f"\nthe embedded server exited {took:.1f} s after SIGTERM")
        assert "1 bot search(es) stopped" in server.log(), server.log()
        assert moves(database, game_id) == [(1, "Bb2Cb2")]  # nothing half-thought played
    finally:
        server.stop()

    time.sleep(2)  # a ghost of the first process would write now
    assert moves(database, game_id) == [(1, "Bb2Cb2")]

    again = start_embedded(tmp_path / "daphne-2.log", database)
    try:
        assert wait_until(lambda: len(moves(database, game_id)) == 2, timeout=ANSWER_WITHIN,
                          interval=0.5), again.log()
        assert f"game {game_id} was waiting for its bot when the server started" in again.log()
        time.sleep(3)  # a second answer would come now
        plies = [ply for ply, _ in moves(database, game_id)]
        assert plies == [1, 2]
        assert len(re.findall(rf"played \S+ in game {game_id} at ply 1", again.log())) == 1
    finally:
        again.stop()
