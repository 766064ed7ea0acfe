"""The shapes of lichess's Bot/Board API events, as JSON Schema, derived field by field from
lichess's published schema: lichess-org/api, doc/specs/schemas/*.yaml at commit
f59dc80500ca0db2ac6669aa9bedfdef45f3e47d (2026-08-22; the repository is AGPL-3.0, so its files
are not copied here: this module restates their field names, types, enums and required lists).
Each shape names the file it comes from. jsonschema (Draft 2020-12) checks them; properties
the spec does not name are allowed (the spec allows them too, except in TimeControl), which is
where our additions live (`legalMoves`, `variantOptions`, `gameId` on a challenge).

One deliberate difference, stated here: `Variant.key` is one of this site's variant keys
(raumschach, fiveup, ...) instead of lichess's chess variants (VariantKey.yaml).
"""
from __future__ import annotations

import engine

STRING = {"type": "string"}
INTEGER = {"type": "integer"}
BOOLEAN = {"type": "boolean"}


def obj(properties: dict, required: list[str], **extra) -> dict:
    return {"type": "object", "properties": properties, "required": required, **extra}


def const(value: str) -> dict:
    return {"type": "string", "const": value}


def enum(*values) -> dict:
    return {"enum": list(values)}


# GameColor.yaml, ChallengeColor.yaml, Speed.yaml, Title.yaml, GameSource.yaml
GAME_COLOR = enum("white", "black")
CHALLENGE_COLOR = enum("white", "black", "random")
SPEED = enum("ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence")
TITLE = enum("GM", "WGM", "IM", "WIM", "FM", "WFM", "NM", "CM", "WCM", "WNM", "LM", "BOT")
SOURCE = enum("lobby", "friend", "ai", "api", "tournament", "position", "import", "importlive",
              "simul", "relay", "pool", "arena", "swiss")
# GameStatusName.yaml, GameStatusId.yaml, GameStatus.yaml
STATUS_NAME = enum("created", "started", "aborted", "mate", "resign", "stalemate", "timeout",
                   "draw", "outoftime", "cheat", "noStart", "unknownFinish",
                   "insufficientMaterialClaim", "variantEnd")
STATUS = obj({"id": enum(10, 20, 25, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 60),
              "name": STATUS_NAME}, ["id", "name"])
# Variant.yaml (the key: see the module docstring)
VARIANT = obj({"key": enum(*sorted(engine.VARIANTS)), "name": STRING, "short": STRING},
              ["key", "name"])
# GameCompat.yaml
COMPAT = obj({"bot": BOOLEAN, "board": BOOLEAN}, [])
# GameEventPlayer.yaml
GAME_EVENT_PLAYER = obj({"aiLevel": INTEGER, "id": STRING, "name": STRING,
                         "title": {"oneOf": [TITLE, {"type": "null"}]}, "rating": INTEGER,
                         "provisional": BOOLEAN}, ["id", "name"])
# GameEventOpponent.yaml (a player; lichess's AI opponent has id null and `ai`)
GAME_EVENT_OPPONENT = {"oneOf": [
    obj({"id": STRING, "username": STRING, "rating": INTEGER, "ratingDiff": INTEGER},
        ["id", "username", "rating"]),
    obj({"id": {"type": "null"}, "username": STRING, "ai": INTEGER}, ["id", "username", "ai"]),
]}
# GameStateEvent.yaml
GAME_STATE = obj({
    "type": const("gameState"), "moves": STRING, "wtime": INTEGER, "btime": INTEGER,
    "winc": INTEGER, "binc": INTEGER, "status": STATUS_NAME, "winner": GAME_COLOR,
    "wdraw": BOOLEAN, "bdraw": BOOLEAN, "wtakeback": BOOLEAN, "btakeback": BOOLEAN,
    "expiration": obj({"idleMillis": INTEGER, "millisToMove": INTEGER},
                      ["idleMillis", "millisToMove"]),
}, ["type", "moves", "wtime", "btime", "winc", "binc", "status"])
# GameFullEvent.yaml
GAME_FULL = obj({
    "type": const("gameFull"), "id": STRING, "variant": VARIANT,
    "clock": obj({"initial": INTEGER, "increment": INTEGER}, []), "speed": SPEED,
    "perf": obj({"name": STRING}, []), "rated": BOOLEAN, "createdAt": INTEGER,
    "white": GAME_EVENT_PLAYER, "black": GAME_EVENT_PLAYER, "initialFen": STRING,
    "state": GAME_STATE, "daysPerTurn": INTEGER, "tournamentId": STRING,
}, ["type", "id", "variant", "speed", "perf", "rated", "createdAt", "white", "black",
    "initialFen", "state"])
# ChatLineEvent.yaml
CHAT_LINE = obj({"type": const("chatLine"), "room": enum("player", "spectator"),
                 "username": STRING, "text": STRING}, ["type", "room", "username", "text"])
# OpponentGoneEvent.yaml (not sent here: a correspondence clock decides abandoned games)
OPPONENT_GONE = obj({"type": const("opponentGone"), "gone": BOOLEAN,
                     "claimWinInSeconds": INTEGER}, ["type", "gone"])
# GameEventInfo.yaml, GameStartEvent.yaml, GameFinishEvent.yaml
GAME_EVENT_INFO = obj({
    "fullId": STRING, "gameId": STRING, "fen": STRING, "color": GAME_COLOR,
    "lastMove": STRING, "source": SOURCE, "status": STATUS, "variant": VARIANT,
    "speed": SPEED, "perf": STRING, "rating": INTEGER, "rated": BOOLEAN, "hasMoved": BOOLEAN,
    "opponent": GAME_EVENT_OPPONENT, "isMyTurn": BOOLEAN, "secondsLeft": INTEGER,
    "winner": GAME_COLOR, "ratingDiff": INTEGER, "compat": COMPAT, "id": STRING,
    "tournamentId": STRING,
}, ["fullId", "gameId"])
GAME_START = obj({"type": const("gameStart"), "game": GAME_EVENT_INFO}, ["type", "game"])
GAME_FINISH = obj({"type": const("gameFinish"), "game": GAME_EVENT_INFO}, ["type", "game"])
# ChallengeUser.yaml (Flair, Patron, PatronColor: a string, a boolean, an integer 1-10)
CHALLENGE_USER = obj({
    "id": STRING, "name": STRING, "rating": INTEGER, "title": TITLE, "flair": STRING,
    "patron": BOOLEAN, "patronColor": {"type": "integer", "minimum": 1, "maximum": 10},
    "provisional": BOOLEAN, "online": BOOLEAN, "lag": INTEGER,
}, ["id", "name"])
# TimeControl.yaml
TIME_CONTROL = {"oneOf": [
    obj({"type": const("clock"), "limit": INTEGER, "increment": INTEGER, "show": STRING}, [],
        additionalProperties=False),
    obj({"type": const("correspondence"), "daysPerTurn": INTEGER}, [],
        additionalProperties=False),
    obj({"type": const("unlimited")}, [], additionalProperties=False),
]}
# ChallengeJson.yaml, ChallengeStatus.yaml
CHALLENGE = obj({
    "id": STRING, "url": {"type": "string", "format": "uri"},
    "status": enum("created", "offline", "canceled", "declined", "accepted"),
    "challenger": CHALLENGE_USER, "destUser": {"oneOf": [CHALLENGE_USER, {"type": "null"}]},
    "variant": VARIANT, "rated": BOOLEAN, "speed": SPEED, "timeControl": TIME_CONTROL,
    "color": CHALLENGE_COLOR, "finalColor": GAME_COLOR,
    "perf": obj({"icon": STRING, "name": STRING}, ["icon", "name"]),
    "direction": enum("in", "out"), "initialFen": STRING, "rematchOf": STRING,
}, ["id", "url", "status", "challenger", "destUser", "variant", "rated", "speed",
    "timeControl", "color", "perf"])
# ChallengeDeclinedJson.yaml
CHALLENGE_DECLINED = {"allOf": [CHALLENGE, obj({
    "declineReason": STRING,
    "declineReasonKey": enum("generic", "later", "toofast", "tooslow", "timecontrol", "rated",
                             "casual", "standard", "variant", "nobot", "onlybot"),
}, ["declineReason", "declineReasonKey"])]}
# ChallengeEvent.yaml, ChallengeCanceledEvent.yaml, ChallengeDeclinedEvent.yaml
CHALLENGE_EVENT = obj({"type": const("challenge"), "challenge": CHALLENGE, "compat": COMPAT},
                      ["type", "challenge"])
CHALLENGE_CANCELED = obj({"type": const("challengeCanceled"), "challenge": CHALLENGE},
                         ["type", "challenge"])
CHALLENGE_DECLINED_EVENT = obj({"type": const("challengeDeclined"),
                                "challenge": CHALLENGE_DECLINED}, ["type", "challenge"])

# Every event type a stream can carry, by its `type`.
EVENTS = {"gameFull": GAME_FULL, "gameState": GAME_STATE, "chatLine": CHAT_LINE,
          "opponentGone": OPPONENT_GONE, "gameStart": GAME_START, "gameFinish": GAME_FINISH,
          "challenge": CHALLENGE_EVENT, "challengeCanceled": CHALLENGE_CANCELED,
          "challengeDeclined": CHALLENGE_DECLINED_EVENT}
