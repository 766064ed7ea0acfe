#!/usr/bin/env python3
"""Run any engine as an external bot on a Raumschach server, through its lichess-compatible Bot
API. Standard library only, so it runs on any machine with Python 3.10+.

The engine is a program speaking the engine protocol on stdin/stdout (docs/engine-protocol.md;
our own: `python -m engine bridge`; a complete random mover: scripts/tiny_engine.py). Each
process plays one game (variant and options), told once when it starts; for each move the
bridge writes

    setoption name UCI_Variant value <key>         (once, when the process starts)
    setoption name VariantOptions value <n=v,...>  (once, when the game has options)
    ucinewgame                                     (when the process turns to another game)
    refused <move> <reason>                        (after the server refused its last move)
    legalmoves <m1 m2 ...>                         (the legal moves, in coordinate form)
    isready                                        ->  readyok
    position <position string | startpos> moves <m1 m2 ...>   ->  bestmove <move>

and reads nothing but `readyok` and `bestmove` (an `error` line answering a command the engine
does not know is logged and passed over). A move the server refuses is asked for again, with
the reason; after `max_refusals` (3) refusals (or `error` answers) in a row the bridge
resigns the game. A token that is missing, unknown or without bot:play is one line, exit 2.

It listens to the account's event stream (one program per token: when another client opens
the account's event stream with the same token, the server tells this one, which stops with
exit code 3), accepts the challenges its filters allow (declines the others with lichess's
reasons), plays several games at once on engine processes per game, greets each opponent,
reconnects with back-off when a stream or the server goes away (games in progress are picked
up again from the event stream's opening burst, so correspondence games resume after a restart
of the bridge or the server), and shuts down cleanly on SIGINT/SIGTERM (engines told to quit).

    RAUMSCHACH_TOKEN=<token> python scripts/bot_bridge.py --server http://127.0.0.1:8000 \\
        --engine "python -m engine bridge --level 2" [--upgrade] [--challenge beginner-bot]
        [--variant fiveup] [--games N] [--config bot.json]

A config file (JSON) holds the same and more; command-line options win over it:

    {"server": "https://raumschach.example.org", "token_env": "RAUMSCHACH_TOKEN",
     "engine": "python scripts/tiny_engine.py", "engines": 2, "concurrency": 3,
     "variants": ["raumschach", "fiveup"], "max_refusals": 3,
     "accept": {"rated": true, "casual": true, "bots": true, "people": true,
                "min_days": null, "max_days": null, "unlimited": true},
     "greeting": {"player": "Good luck!", "spectator": "Hello from my engine."},
     "challenge": ["beginner-bot"]}

The token: RAUMSCHACH_TOKEN (or the variable `token_env` names; shows in no process list), or
--token=<value> with the "=" (a token may begin with "-"). --upgrade turns the account into a
bot first (irreversible; only for an account that has never played). `variants` (or --variant,
repeatable): the games it plays, sent to the server when it starts (on the upgrade, and to
`POST /api/bot/account/variants`), so challenges in others are declined for it at once; the
engine must play all of them (`python -m engine bridge` and tiny_engine.py play every game).
--challenge NAME sends one challenge to NAME in the first variant when it starts
(NAME:VARIANT for another). --games N exits after N finished games (default: run until
interrupted).
"""
from __future__ import annotations

import argparse
import http.client
import json
import logging
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

logger = logging.getLogger("bot_bridge")

DEFAULT_ENGINE = f"{shlex.quote(sys.executable)} -m engine bridge"
STREAM_TIMEOUT = 120  # seconds without even a keep-alive line before the stream is retried
BACKOFF = (1, 2, 4, 8, 15, 30, 60)  # seconds between reconnects, the last one repeated
DEFAULTS = {"server": "http://127.0.0.1:8000", "token_env": "RAUMSCHACH_TOKEN",
            "engine": None, "engines": 1, "concurrency": 1, "variants": ["raumschach"],
            "max_refusals": 3, "accept": {}, "greeting": {}, "challenge": []}
REPLACED = "streamReplaced"  # the event stream's last line when another client took its place


class Replaced(RuntimeError):
    """Another client opened this account's event stream with the same token."""


class ApiError(RuntimeError):
    """A refused request: its status and, for 429, the seconds to wait (Retry-After)."""

    def __init__(self, message: str, status: int, retry_after: float = 0, code: str = "",
                 reason: str = "") -> None:
        super().__init__(message)
        self.status, self.retry_after, self.code = status, retry_after, code
        self.reason = reason or message


def _api_error(method: str, path: str, exc: urllib.error.HTTPError) -> ApiError:
    detail = exc.read()[:300].decode(errors="replace")
    try:
        retry_after = float(exc.headers.get("Retry-After") or 0)
    except ValueError:
        retry_after = 0
    try:
        body = json.loads(detail)
        code, reason = str(body.get("code", "")), str(body.get("error", ""))
    except (ValueError, AttributeError):
        code, reason = "", ""
    return ApiError(f"{method} {path}: {exc.code} {detail}", exc.code, retry_after, code, reason)


class Api:
    def __init__(self, server: str, token: str) -> None:
        self.server = server.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}

    def _request(self, method: str, path: str, data: dict | str | None = None, *, timeout=30):
        headers = dict(self.headers)
        if isinstance(data, str):  # a text body (token/test)
            body = data.encode()
            headers["Content-Type"] = "text/plain"
        else:
            body = urllib.parse.urlencode(data).encode() if data is not None else None
        if isinstance(data, dict):
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = urllib.request.Request(self.server + path, data=body, method=method,
                                         headers=headers)
        return urllib.request.urlopen(request, timeout=timeout)

    def call(self, method: str, path: str, data: dict | str | None = None) -> dict:
        try:
            with self._request(method, path, data) as response:
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as exc:
            raise _api_error(method, path, exc) from None

    def stream(self, path: str) -> Iterator[dict]:
        """The NDJSON objects of a stream (keep-alive empty lines skipped) until it ends."""
        try:
            response = self._request("GET", path, timeout=STREAM_TIMEOUT)
        except urllib.error.HTTPError as exc:
            raise _api_error("GET", path, exc) from None
        with response:
            for raw in response:
                line = raw.strip()
                if line:
                    yield json.loads(line)


class Engine:
    """One engine process, playing one game (variant and options), asked one question at a
    time."""

    def __init__(self, command: str, variant: str, options: str) -> None:
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.game: str | None = None
        self.write(f"setoption name UCI_Variant value {variant}")
        if options:
            self.write(f"setoption name VariantOptions value {options}")

    def write(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self, *wanted: str) -> list[str]:
        """The words of the next line that begins with one of `wanted`; an `error` line
        before it (a command the engine does not know) is logged and passed over."""
        while True:
            answer = self.process.stdout.readline()
            if not answer:
                raise RuntimeError("the engine exited")
            words = answer.split()
            if words and words[0] in wanted:
                return words
            if words and words[0] == "error":
                logger.info("engine: %s", answer.strip())

    def best_move(self, game_id: str, position: str, moves: list[str], legal: list[str],
                  refused: str = "") -> str | None:
        if self.game != game_id:
            self.write("ucinewgame")
            self.game = game_id
        if refused:
            self.write(f"refused {refused}")
        self.write("legalmoves " + " ".join(legal))
        self.write("isready")  # what the engine says to the lines above ends with readyok
        self.read("readyok")
        self.write(f"position {position} moves {' '.join(moves)}".rstrip())
        words = self.read("bestmove", "error")
        if words[0] == "error":
            raise RuntimeError(f"engine: {' '.join(words)}")
        move = words[1] if len(words) > 1 else "(none)"
        return None if move == "(none)" else move

    def close(self) -> None:
        try:
            self.write("quit")
            self.process.wait(5)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            self.process.kill()


class EnginePool:
    """`size` engine processes per game kind (variant and options), shared by the games of
    that kind: a game borrows one for one move. A process never changes its variant."""

    def __init__(self, command: str, size: int) -> None:
        self.command, self.size = command, max(1, size)
        self.lock = threading.Lock()  # processes start when a game of their kind first moves
        self.pools: dict[tuple[str, str], tuple[list[Engine], queue.Queue]] = {}

    def _pool(self, variant: str, options: str) -> tuple[list[Engine], queue.Queue]:
        with self.lock:
            pool = self.pools.get((variant, options))
            if pool is None:
                engines = [Engine(self.command, variant, options) for _ in range(self.size)]
                idle: queue.Queue[Engine] = queue.Queue()
                for engine in engines:
                    idle.put(engine)
                pool = self.pools[(variant, options)] = (engines, idle)
            return pool

    @property
    def engines(self) -> list[Engine]:
        with self.lock:
            return [engine for engines, _ in self.pools.values() for engine in engines]

    @contextmanager
    def engine(self, variant: str = "raumschach", options: str = ""):
        engines, idle = self._pool(variant, options)
        engine = idle.get()
        if engine.process.poll() is not None:  # it exited: a new process takes its place
            logger.warning("the %s engine exited (code %s); starting it again", variant,
                           engine.process.returncode)
            fresh = Engine(self.command, variant, options)
            with self.lock:
                engines[engines.index(engine)] = fresh
            engine = fresh
        try:
            yield engine
        finally:
            idle.put(engine)

    def close(self) -> None:
        for engine in self.engines:
            engine.close()


def options_text(options: dict | None) -> str:
    """A game's variantOptions as the engine is told them: `castling=on,...` ("" for none)."""
    return ",".join(f"{name}={'on' if value is True else 'off' if value is False else value}"
                    for name, value in sorted((options or {}).items()))


def backoff(attempt: int) -> float:
    return BACKOFF[min(attempt, len(BACKOFF) - 1)]


class Bot:
    """The account's bot: its event loop, its games, its engines."""

    def __init__(self, api: Api, config: dict, me: str) -> None:
        self.api, self.config, self.me = api, config, me
        self.pool = EnginePool(config["engine"], int(config["engines"]))
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.playing: dict[str, threading.Thread] = {}
        self.finished = 0

    # ----- challenges

    def decline_reason(self, challenge: dict) -> str | None:
        """lichess's reason key to decline `challenge` with, or None to accept it."""
        accept = {"rated": True, "casual": True, "bots": True, "people": True,
                  "min_days": None, "max_days": None, "unlimited": True,
                  **self.config.get("accept", {})}
        if challenge["variant"]["key"] not in self.config["variants"]:
            return "variant"
        if not accept["rated" if challenge.get("rated") else "casual"]:
            return "casual" if challenge.get("rated") else "rated"
        is_bot = challenge["challenger"].get("title") == "BOT"
        if not accept["bots" if is_bot else "people"]:
            return "noBot" if is_bot else "onlyBot"
        days = (challenge.get("timeControl") or {}).get("daysPerTurn")
        if days is None and not accept["unlimited"]:
            return "timeControl"
        if days is not None and accept["min_days"] and days < accept["min_days"]:
            return "tooFast"
        if days is not None and accept["max_days"] and days > accept["max_days"]:
            return "tooSlow"
        with self.lock:
            busy = sum(thread.is_alive() for thread in self.playing.values())
        if busy >= int(self.config["concurrency"]):
            return "later"
        return None

    def on_challenge(self, challenge: dict) -> None:
        if challenge["challenger"]["id"] == self.me:
            return
        reason = self.decline_reason(challenge)
        try:
            if reason is None:
                self.api.call("POST", f"/api/challenge/{challenge['id']}/accept")
            else:
                self.api.call("POST", f"/api/challenge/{challenge['id']}/decline",
                              {"reason": reason})
        except RuntimeError as exc:  # taken back meanwhile: nothing to do
            logger.warning("challenge %s: %s", challenge["id"], exc)

    # ----- games

    def start_game(self, game_id: str) -> None:
        with self.lock:
            thread = self.playing.get(game_id)
            if thread is not None and thread.is_alive():
                return  # a reconnect's opening burst names the games already being played
            thread = threading.Thread(target=self.game_thread, args=(game_id,), daemon=True,
                                      name=f"game-{game_id}")
            self.playing[game_id] = thread
        thread.start()

    def game_thread(self, game_id: str) -> None:
        try:
            status = self.play_game(game_id)
        except Exception:  # noqa: BLE001 - one game failing must not stop the others
            logger.exception("game %s failed", game_id)
            return
        if status not in ("created", "started"):
            with self.lock:
                self.finished += 1
                logger.info("game %s over: %s (%s finished)", game_id, status, self.finished)

    def greet(self, game_id: str) -> None:
        for room, key in (("player", "player"), ("spectator", "spectator")):
            text = (self.config.get("greeting") or {}).get(key)
            if text:
                try:
                    self.api.call("POST", f"/api/bot/game/{game_id}/chat",
                                  {"room": room, "text": text})
                except RuntimeError as exc:
                    logger.info("greeting in %s: %s", game_id, exc)

    def play_game(self, game_id: str) -> str:
        """Play one game to its end, reconnecting its stream with back-off; its final status
        (or "started" when the bridge is stopping)."""
        attempt, greeted, status = 0, False, "started"
        while not self.stop.is_set():
            try:
                status = self.play_stream(game_id, greet=not greeted)
                greeted = True
                if status not in ("created", "started"):
                    return status
                attempt = 0  # the stream ended cleanly mid-game: reconnect at once
            except (OSError, RuntimeError, ValueError, http.client.HTTPException) as exc:
                wait = backoff(attempt)
                logger.warning("game %s stream: %s; again in %s s", game_id, exc, wait)
                attempt += 1
                self.stop.wait(wait)
        return status

    def play_stream(self, game_id: str, *, greet: bool) -> str:
        color = initial = None
        variant, options = "raumschach", ""
        status = "started"
        for event in self.api.stream(f"/api/bot/game/stream/{game_id}"):
            if self.stop.is_set():
                return status
            if event["type"] == "gameFull":
                color = "white" if event["white"]["id"] == self.me else "black"
                initial = event["initialFen"]
                variant = (event.get("variant") or {}).get("key", "raumschach")
                options = options_text(event.get("variantOptions"))
                state = event["state"]
                if greet and len(state["moves"].split()) < 2:  # before its first move
                    self.greet(game_id)
            elif event["type"] == "gameState":
                state = event
            else:  # chatLine, opponentGone
                continue
            status = state["status"]
            if status not in ("created", "started"):
                return status
            moves = state["moves"].split()
            if ("white" if len(moves) % 2 == 0 else "black") != color:
                continue
            self.play_turn(game_id, (variant, options), initial, moves,
                           state.get("legalMoves") or [])
        return status

    def play_turn(self, game_id: str, kind: tuple[str, str], initial: str, moves: list[str],
                  legal: list[str]) -> None:
        """Ask the engine for a move and play it; a refused move is asked for again, with the
        server's reason, and after `max_refusals` refusals in a row the game is resigned (an
        engine that cannot find a legal move must not stall the game)."""
        refused = failure = ""
        for _ in range(max(1, int(self.config.get("max_refusals") or 3))):
            if self.stop.is_set():
                return  # stopping: the game is left as it is, to be resumed
            try:
                with self.pool.engine(*kind) as engine:
                    move = engine.best_move(game_id, initial, moves, legal, refused)
            except RuntimeError as exc:  # an `error` answer to the position, or an exit
                failure = str(exc)
                logger.warning("game %s: %s", game_id, failure)
                continue
            if move is None:
                return  # the server ends the game (mate or stalemate)
            reason = self.send_move(game_id, move)
            if reason is None:
                return
            refused = failure = f"{move} {reason}"
        if self.stop.is_set():
            return
        logger.error("game %s: no playable move from the engine in %s tries (last: %s); "
                     "resigning", game_id, self.config.get("max_refusals") or 3, failure)
        try:
            self.api.call("POST", f"/api/bot/game/{game_id}/resign")
        except ApiError as exc:
            logger.warning("game %s: resigning: %s", game_id, exc)

    def send_move(self, game_id: str, move: str) -> str | None:
        """Play `move`: None when played (or when the game moved on meanwhile: the stream
        says what happened), else the server's reason for refusing the move itself. Over a
        rate limit, wait as Retry-After says and send it again (the position cannot change
        while it is this bot's turn)."""
        while not self.stop.is_set():
            try:
                self.api.call("POST", f"/api/bot/game/{game_id}/move/{move}")
                return None
            except ApiError as exc:
                if exc.status == 429:
                    logger.warning("move %s: rate limited; again in %s s", move,
                                   exc.retry_after)
                    self.stop.wait(max(1.0, exc.retry_after))
                    continue
                logger.warning("move %s refused: %s", move, exc)
                if exc.code in ("illegal_move", "malformed_move"):
                    return exc.reason
                return None  # e.g. the game ended meanwhile: the stream says so
        return None

    # ----- the event loop

    def run(self, games: int = 0) -> int:
        """The event loop: 0 when `games` games are over or the bridge stops, 3 when another
        client took this token's event stream."""
        self.attempt = 0
        while not self.stop.is_set():
            try:
                if self.listen(games):
                    return 0
                logger.warning("event stream ended; reconnecting")
            except Replaced as exc:
                logger.error("%s", exc)
                self.stop.set()
                return 3
            except (OSError, RuntimeError, ValueError, http.client.HTTPException) as exc:
                wait = backoff(self.attempt)
                logger.warning("event stream: %s; again in %s s", exc, wait)
                self.attempt += 1
                self.stop.wait(wait)
        return 0

    def listen(self, games: int) -> bool:
        """One event stream, until it ends (False) or `games` games are over or the bridge
        stops (True)."""
        for event in self.api.stream("/api/stream/event"):
            self.attempt = 0
            if self.stop.is_set():
                return True
            if event["type"] == REPLACED:
                raise Replaced("another client opened this account's event stream with the "
                               "same token (a second bridge?); stopping, so that two programs "
                               "do not play the same games")
            if event["type"] == "challenge":
                self.on_challenge(event["challenge"])
            elif event["type"] == "gameStart":
                self.start_game(event["game"]["gameId"])
            elif event["type"] == "gameFinish":
                thread = self.playing.get(event["game"]["gameId"])
                if thread is not None:
                    thread.join()
            if games and self.finished >= games:
                return True
        return False

    def shutdown(self) -> None:
        self.stop.set()
        self.pool.close()


def load_config(args: argparse.Namespace) -> dict:
    config = json.loads(json.dumps(DEFAULTS))
    if args.config:
        with open(args.config, encoding="utf-8") as handle:
            config.update(json.load(handle))
    for key in ("server", "engine", "engines", "concurrency"):
        if getattr(args, key, None) is not None:
            config[key] = getattr(args, key)
    if args.challenge:
        config["challenge"] = args.challenge
    if args.variant:
        config["variants"] = [key.strip() for text in args.variant for key in text.split(",")
                              if key.strip()]
    config["engine"] = config["engine"] or DEFAULT_ENGINE
    config["token"] = args.token or os.environ.get(config["token_env"] or "") or config.get(
        "token")
    return config


class StartError(RuntimeError):
    """A reason the bridge cannot start, said in one line."""


def check_token(api: Api, config: dict) -> None:
    """One line, not a traceback, for a missing or unknown token or one without bot:play."""
    if not config.get("token"):
        raise StartError(f"no token: set {config.get('token_env') or 'RAUMSCHACH_TOKEN'} (or "
                         f"--token=<value>, or \"token\" in the config file) to the bot "
                         f"account's API token")
    answer = api.call("POST", "/api/token/test", config["token"]).get(config["token"])
    if not answer:
        raise StartError(f"{config['server']} does not know this token (revoked, expired or "
                         f"of another server?): make one on your profile page")
    scopes = [s.strip() for s in str(answer.get("scopes") or "").split(",")]
    if "bot:play" not in scopes:
        raise StartError(f"the token lacks the bot:play scope (it has: "
                         f"{', '.join(filter(None, scopes)) or 'none'}); make one with "
                         f"bot:play ticked on your profile page")


def start(api: Api, config: dict, upgrade: bool) -> dict:
    """Check the token, upgrade if asked, tell the server the variants played; the account."""
    check_token(api, config)
    variants = ",".join(config["variants"])
    if upgrade:
        api.call("POST", "/api/bot/account/upgrade", {"variants": variants})
    account = api.call("GET", "/api/account")
    if account.get("title") != "BOT":
        raise StartError(f"{account['username']} is not a bot account (use --upgrade once)")
    if not upgrade:
        api.call("POST", "/api/bot/account/variants", {"variants": variants})
    status = api.call("GET", f"/api/users/status?ids={urllib.parse.quote(account['id'])}")
    if isinstance(status, list) and status and status[0].get("online"):
        logger.warning("%s already has an event stream open (another bridge on this token? "
                       "it will be told to stop; or one that ended moments ago)",
                       account["username"])
    return account


def challenge_targets(config: dict) -> list[tuple[str, str]]:
    """(name, variant) of each `challenge` entry: NAME, or NAME:VARIANT."""
    targets = []
    for entry in config["challenge"]:
        name, _, variant = str(entry).partition(":")
        targets.append((name, variant or config["variants"][0]))
    return targets


def run(args: argparse.Namespace) -> int:
    config = load_config(args)
    api = Api(config["server"], config["token"])
    try:
        account = start(api, config, args.upgrade)
    except StartError as exc:
        logger.error("%s", exc)
        return 2
    except ApiError as exc:
        logger.error("cannot start: %s", exc)
        return 2
    except OSError as exc:
        logger.error("cannot reach %s: %s", config["server"], exc)
        return 2
    bot = Bot(api, config, account["id"])

    def stop(signum, frame) -> None:  # noqa: ARG001
        logger.warning("signal %s: stopping", signum)
        bot.stop.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        for name, variant in challenge_targets(config):
            api.call("POST", f"/api/challenge/{name}",
                     {"rated": "false", "variant": variant, "color": "random"})
        worker = threading.Thread(target=lambda: setattr(bot, "code", bot.run(args.games)),
                                  daemon=True, name="events")
        worker.start()
        while worker.is_alive() and not bot.stop.is_set():
            worker.join(0.5)
        worker.join(5)  # a bot stopped by its own event loop sets its code on the way out
        return getattr(bot, "code", 0)
    finally:
        bot.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", help="a JSON config file (see the module docstring)")
    parser.add_argument("--server", default=None)
    parser.add_argument("--token", default=None,
                        help="API token of the bot account: --token=<value> (a token may "
                             "begin with '-'), or better RAUMSCHACH_TOKEN")
    parser.add_argument("--engine", default=None,
                        help="command starting the engine (default: our own, python -m "
                             "engine bridge)")
    parser.add_argument("--engines", type=int, default=None,
                        help="engine processes shared by the games (default 1)")
    parser.add_argument("--concurrency", type=int, default=None,
                        help="games at once; more challenges are declined 'later' (default 1)")
    parser.add_argument("--upgrade", action="store_true",
                        help="upgrade the account to a bot first (irreversible)")
    parser.add_argument("--challenge", metavar="USERNAME[:VARIANT]", action="append",
                        help="challenge this account once, in the first variant or VARIANT "
                             "(repeatable)")
    parser.add_argument("--variant", action="append", metavar="KEY[,KEY...]",
                        help="the games this bot plays (repeatable; default raumschach), told "
                             "to the server and used to accept and to challenge")
    parser.add_argument("--games", type=int, default=0, help="exit after this many games")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(threadName)s %(message)s")
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
