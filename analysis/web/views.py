"""The analysis board page (/analysis/): a position from a game (?game=ID&ply=N), a position
string (?variant=...&fen=...) or the start position, explored with the engine's rules and
searched by the browser's engine (analysis/static/analysis/js/analysis_board.js)."""
from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import engine
from core.errors import SiteError
from games import selectors as game_selectors
from games.errors import BadVariantOption, NotFound
from games.positions import variant_of
from games.variants import (DEFAULT_VARIANT, move_from_coord, variant_get, variant_json, variant_keys,
                            variant_with_options)
from games.web.variants import variant_descriptor

from ..board import selectors, services

ENGINE_OFF_IN_GAME = gettext_lazy("The engine is off: this is a game you are playing. You can still "
                                  "explore moves.")


def _options(text: str | None) -> dict:
    try:
        options = json.loads(text) if text else {}
    except ValueError:
        raise BadVariantOption(_('The options must be JSON, e.g. {"castling": true}.')) from None
    return options


def _mainline(start: engine.Position, coords: list[str]) -> list[dict]:
    """The game's moves as the board's move tree holds them (coordinate, text, packed form and
    the position string after each)."""
    pos, line = start.copy(), []
    for coord in coords:
        move = move_from_coord(pos.variant, coord)
        line.append({"move": pos.coord(move), "san": pos.san(move), "packed": engine.pack_move(move)})
        pos.push(move)
        line[-1]["fen"] = pos.fen()
    return line


def _from_game(request: HttpRequest) -> dict:
    # ?game= names it by its public id (an old integer link was sent on to it: _public_id_url).
    game = game_selectors.game_get_by_ref(ref=request.GET.get("game"))
    variant = variant_of(game)
    start = selectors.parse_position(game.start_fen, variant, setup=False)
    coords = [m["move"] for m in game_selectors.game_replay(game)["moves"]]
    try:
        ply = max(0, min(len(coords), int(request.GET.get("ply", len(coords)))))
    except ValueError:
        ply = len(coords)
    allowed = selectors.engine_allowed_for_game(request.user, game)
    return {"variant": variant, "start": start, "mainline": _mainline(start, coords), "ply": ply,
            "engine_off": None if allowed else str(ENGINE_OFF_IN_GAME), "game_id": game.public_id,
            "orientation": "black" if game.player_color(request.user) == "black" else "white"}


def _from_position(request: HttpRequest) -> dict:
    variant = variant_with_options(request.GET.get("variant") or DEFAULT_VARIANT, _options(request.GET.get("options")))
    fen = request.GET.get("fen")
    start = selectors.parse_position(fen, variant) if fen else engine.Position.start(variant)
    mine = selectors.is_position_of_my_game_in_progress(request.user, start)
    return {"variant": variant, "start": start, "mainline": [], "ply": 0,
            "engine_off": str(ENGINE_OFF_IN_GAME) if mine else None, "game_id": None, "orientation": "white"}


def _public_id_url(request: HttpRequest) -> str | None:
    """This page's URL with the game named by its public id, when ?game= holds an old integer
    id of a game (sent on as every old game URL is); None otherwise."""
    ref = request.GET.get("game", "")
    if not ref.isdigit():
        return None
    try:
        game = game_selectors.game_get(game_id=ref)
    except NotFound:
        return None  # the page says so, as for any unknown game
    query = request.GET.copy()
    query["game"] = game.public_id
    return f"{request.path}?{query.urlencode()}"


@require_GET
def analysis_board(request: HttpRequest) -> HttpResponse:
    if moved := _public_id_url(request):
        return HttpResponsePermanentRedirect(moved)
    error, status = None, 200
    try:
        board = _from_game(request) if request.GET.get("game") else _from_position(request)
    except SiteError as exc:
        # A bad position string, game or variant: said on the page, over the start position.
        error, status = exc.detail, 404 if exc.status == 404 else 400
        default = variant_get(DEFAULT_VARIANT)
        board = {"variant": default, "start": engine.Position.start(default), "mainline": [],
                 "ply": 0, "engine_off": None, "game_id": None, "orientation": "white"}
    variant = board["variant"]
    descriptor = variant_descriptor(variant.key)
    context = {
        "variant_key": variant.key,
        "variant_options": dict(variant.option_values),
        "root": services.position_node(board["start"]),
        "mainline": board["mainline"],
        "ply": board["ply"],
        "orientation": board["orientation"],
        "engine_off": board["engine_off"],
        "browser_engine": selectors.browser_engine_plays(variant),
        "piece_urls": {p["image"]: static(f"games/pieces/{p['image']}.svg") for p in descriptor["pieces"]},
        "urls": {
            "tables": reverse("api-analysis-tables"),
            "position": reverse("api-analysis-position"),
            "search": reverse("api-analysis-search"),
            # The build whose boards hold this variant's (narrow: the cube's; wide: hex's).
            "wasm": static(f"analysis/engine/{wasm_file}") if (wasm_file := selectors.engine_wasm_file(variant)) else None,
            "worker": static("analysis/js/engine_worker.js"),
            "game": reverse("game", args=[board["game_id"]]) if board["game_id"] else None,
        },
    }
    return render(request, "analysis/board.html",
                  {"variant": descriptor, "board": context, "error": error, "game_id": board["game_id"],
                   "variants": [variant_json(key) for key in variant_keys()]},
                  status=status)
