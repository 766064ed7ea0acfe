"""The stream endpoints in the OpenAPI schema. They are async Django views (a DRF view would hold
a worker thread for the life of a stream), which drf-spectacular does not see, so this
post-processing hook adds them (settings.SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"])."""
from __future__ import annotations

STREAM_TAG = "bot-api-streams"  # tools that call every operation (the schema fuzz) skip these

_NDJSON = {"application/x-ndjson": {"schema": {"type": "string", "description":
           "One JSON object per line; an empty line every few seconds keeps the stream open."}}}
_ERROR = {"application/json": {"schema": {"type": "object", "required": ["error", "code"],
          "properties": {"error": {"type": "string"}, "code": {"type": "string"}}}}}
_REFUSED = {
    "400": {"description": "Wrong kind of account, or not a player", "content": _ERROR},
    "401": {"description": "No or bad token", "content": _ERROR},
    "429": {"description": "Too many open streams, or opened too often", "content": _ERROR},
}


def _stream(summary: str, description: str, *, game: bool) -> dict:
    operation = {
        "tags": [STREAM_TAG],
        "summary": summary,
        "description": description,
        "security": [{"bearerAuth": []}],
        "responses": {"200": {"description": "The stream", "content": _NDJSON}, **_REFUSED},
    }
    if game:
        operation["parameters"] = [{"name": "gameId", "in": "path", "required": True,
                                    "schema": {"type": "string"}}]
        operation["responses"]["404"] = {"description": "No such game", "content": _ERROR}
    return {"get": operation}


GAME_STREAM = ("First `gameFull` (id, variant {key, name, short} e.g. {key: fiveup, name: "
               "Five Up}, variantOptions, white, black, initialFen = \"startpos\" or the "
               "position string, state), then a `gameState` (moves: every move so far, "
               "space-separated, coordinate form; wtime/btime: ms left on the correspondence "
               "clock; status; winner; wdraw/bdraw) on every change. Ends after the game ends.")


def add_stream_paths(result: dict, generator, request, public) -> dict:
    paths = result.setdefault("paths", {})
    paths["/api/stream/event"] = _stream(
        "Stream this account's events (NDJSON)",
        "`gameStart` for every game in progress and `challenge` for every pending challenge, "
        "then challenge, challengeCanceled, challengeDeclined, gameStart and gameFinish as "
        "they happen.", game=False)
    paths["/api/stream/event"]["get"]["operationId"] = "lichess_stream_event"
    for role, who in (("bot", "a bot account"), ("board", "a person's account")):
        path = f"/api/{role}/game/stream/{{gameId}}"
        paths[path] = _stream(f"Stream one game as {who} (NDJSON)", GAME_STREAM, game=True)
        paths[path]["get"]["operationId"] = f"lichess_{role}_game_stream"
    tags = result.setdefault("tags", [])
    if not any(tag.get("name") == STREAM_TAG for tag in tags):
        tags.append({"name": STREAM_TAG, "description": "Endless NDJSON streams (async)."})
    return result
