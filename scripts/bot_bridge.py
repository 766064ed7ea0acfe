#!/usr/bin/env python3
"""Run any engine as an external bot on a Raumschach server, through its lichess-compatible Bot
API. Standard library only, so it runs on any machine with Python 3.10+.

The engine is a program speaking a tiny line protocol on stdin/stdout (our own:
`python -m engine bridge`):

    position <position string> moves <m1 m2 ...>   ->  bestmove <move>

The bridge listens to the account's event stream, accepts challenges (Raumschach only),
streams each game and asks the engine for a move whenever it is the bot's turn.

    RAUMSCHACH_TOKEN=<token> python scripts/bot_bridge.py --server http://127.0.0.1:8000 \\
        --engine "python -m engine bridge --level 2" [--upgrade] [--challenge beginner-bot]
        [--games N]

The token: RAUMSCHACH_TOKEN (shows in no process list), or --token=<value> with the "=" (a
token may begin with "-", which argparse would read as an option after a space).

--upgrade turns the token's account into a bot first (irreversible; only for an account that
has never played). --challenge sends one challenge when it starts. --games N exits after N
finished games (default: run until interrupted).
"""
from __future__ import annotations

import argparse
import json
import logging
import os
import shlex
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

logger = logging.getLogger("bot_bridge")

DEFAULT_ENGINE = f"{shlex.quote(sys.executable)} -m engine bridge"
STREAM_TIMEOUT = 120  # seconds without even a keep-alive line before the stream is retried


class Api:
    def __init__(self, server: str, token: str) -> None:
        self.server = server.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}

    def _request(self, method: str, path: str, data: dict | None = None, *, timeout=30):
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        headers = dict(self.headers)
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = urllib.request.Request(self.server + path, data=body, method=method,
                                         headers=headers)
        return urllib.request.urlopen(request, timeout=timeout)

    def call(self, method: str, path: str, data: dict | None = None) -> dict:
        try:
            with self._request(method, path, data) as response:
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as exc:
            detail = exc.read()[:300].decode(errors="replace")
            raise RuntimeError(f"{method} {path}: {exc.code} {detail}") from None

    def stream(self, path: str) -> Iterator[dict]:
        """The NDJSON objects of a stream (keep-alive empty lines skipped) until it ends."""
        try:
            response = self._request("GET", path, timeout=STREAM_TIMEOUT)
        except urllib.error.HTTPError as exc:
            detail = exc.read()[:300].decode(errors="replace")
            raise RuntimeError(f"GET {path}: {exc.code} {detail}") from None
        with response:
            for raw in response:
                line = raw.strip()
                if line:
                    yield json.loads(line)


class Engine:
    """One engine process per game, asked one question at a time."""

    def __init__(self, command: str) -> None:
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)

    def best_move(self, position: str, moves: list[str]) -> str | None:
        line = f"position {position} moves {' '.join(moves)}".rstrip()
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        while True:
            answer = self.process.stdout.readline()
            if not answer:
                raise RuntimeError("the engine exited")
            words = answer.split()
            if words and words[0] == "bestmove":
                move = words[1] if len(words) > 1 else "(none)"
                return None if move == "(none)" else move
            if words and words[0] == "error":
                raise RuntimeError(f"engine: {answer.strip()}")

    def close(self) -> None:
        try:
            self.process.stdin.write("quit\n")
            self.process.stdin.flush()
            self.process.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def play_game(api: Api, engine_command: str, game_id: str, me: str) -> str:
    """Play one game to its end; returns its final status."""
    engine = Engine(engine_command)
    try:
        color = initial = None
        status = "started"
        for event in api.stream(f"/api/bot/game/stream/{game_id}"):
            if event["type"] == "gameFull":
                color = "white" if event["white"]["id"] == me else "black"
                initial = event["initialFen"]
                state = event["state"]
            elif event["type"] == "gameState":
                state = event
            else:  # chatLine, opponentGone
                continue
            status = state["status"]
            if status not in ("created", "started"):
                break
            moves = state["moves"].split()
            to_move = "white" if len(moves) % 2 == 0 else "black"
            if to_move != color:
                continue
            move = engine.best_move(initial, moves)
            if move is None:
                continue  # the server ends the game (mate or stalemate)
            try:
                api.call("POST", f"/api/bot/game/{game_id}/move/{move}")
            except RuntimeError as exc:  # e.g. the game ended meanwhile: the stream says so
                logger.warning("move %s refused: %s", move, exc)
        logger.info("game %s over: %s", game_id, status)
        return status
    finally:
        engine.close()


def run(args: argparse.Namespace) -> int:
    api = Api(args.server, args.token)
    if args.upgrade:
        api.call("POST", "/api/bot/account/upgrade")
    account = api.call("GET", "/api/account")
    me = account["id"]
    if account.get("title") != "BOT":
        logger.error("%s is not a bot account (use --upgrade once)", account["username"])
        return 2
    if args.challenge:
        api.call("POST", f"/api/challenge/{args.challenge}",
                 {"rated": "false", "variant": "raumschach", "color": "random"})
    finished = 0
    playing: dict[str, threading.Thread] = {}
    done = threading.Semaphore(0)

    def game_thread(game_id: str) -> None:
        try:
            play_game(api, args.engine, game_id, me)
        except Exception:  # noqa: BLE001 - one game failing must not stop the others
            logger.exception("game %s failed", game_id)
        done.release()

    while True:
        for event in api.stream("/api/stream/event"):
            kind = event["type"]
            if kind == "challenge":
                challenge = event["challenge"]
                if challenge["challenger"]["id"] == me:
                    continue
                if challenge["variant"]["key"] == "raumschach":
                    api.call("POST", f"/api/challenge/{challenge['id']}/accept")
                else:
                    api.call("POST", f"/api/challenge/{challenge['id']}/decline",
                             {"reason": "variant"})
            elif kind == "gameStart":
                game_id = event["game"]["gameId"]
                if game_id not in playing:
                    playing[game_id] = threading.Thread(target=game_thread, args=(game_id,),
                                                        daemon=True)
                    playing[game_id].start()
            elif kind == "gameFinish":
                game_id = event["game"]["gameId"]
                thread = playing.get(game_id)
                if thread is not None:
                    thread.join()
                    finished += 1
                    logger.info("finished %s game(s)", finished)
                if args.games and finished >= args.games:
                    return 0
        logger.warning("event stream ended; reconnecting")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default=os.environ.get("RAUMSCHACH_SERVER",
                                                           "http://127.0.0.1:8000"))
    parser.add_argument("--token", default=os.environ.get("RAUMSCHACH_TOKEN"),
                        help="API token of the bot account: --token=<value> (a token may "
                             "begin with '-'), or better RAUMSCHACH_TOKEN")
    parser.add_argument("--engine", default=DEFAULT_ENGINE,
                        help="command starting the engine (default: our own, python -m "
                             "engine bridge)")
    parser.add_argument("--upgrade", action="store_true",
                        help="upgrade the account to a bot first (irreversible)")
    parser.add_argument("--challenge", metavar="USERNAME", help="challenge this account once")
    parser.add_argument("--games", type=int, default=0, help="exit after this many games")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    if not args.token:
        parser.error("--token (or RAUMSCHACH_TOKEN) is required")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
