"""Reads for the analysis board: a variant's tables for the browser's engine, and whether a
position is one of the user's games in progress (where the engine stays off)."""
from __future__ import annotations

import json
from functools import lru_cache

from django.db.models import Q
from django.utils.translation import gettext as _

import engine
from engine.errors import UnsupportedVariantError
from engine.wasm_tables import WASM_FILES, browser_tables, wasm_build
from games.engine_words import position_reason
from games.models import Game
from games.positions import variant_of

from .errors import BadPosition, NoBrowserEngine


def parse_position(fen: object, variant: engine.Variant, *, setup: bool = True) -> engine.Position:
    """The position `fen` of `variant`; BadPosition with the engine's reason otherwise. With
    `setup` (a position pasted or linked), also the set-up rules (engine/setup.py: code
    illegal_position; a mate or stalemate may be looked at); without (a game's own start, a
    position reached by a move from an accepted one), only what reading the string checks, so
    a game stored before those rules still opens."""
    if not isinstance(fen, str) or not fen.strip():
        raise BadPosition(_("Paste a %(variant)s position string.") % {"variant": variant.name})
    try:
        position = engine.Position.from_fen(fen.strip(), variant)
        if setup:
            engine.check_setup(position, need_move=False)
    except engine.IllegalPositionError as exc:
        raise BadPosition(_("Illegal %(variant)s position: %(reason)s.")
                          % {"variant": variant.name, "reason": position_reason(exc)},
                          code="illegal_position") from None
    except (engine.PositionError, ValueError) as exc:
        raise BadPosition(_("Not a %(variant)s position: %(reason)s.")
                          % {"variant": variant.name, "reason": exc}) from None
    return position


@lru_cache(maxsize=16)
def _tables_json(variant: engine.Variant) -> str:
    tables = browser_tables(variant)
    tables["notation"] = {
        "names": list(variant.geometry.names),
        "letters": [letter or "" for letter in variant.letters],
        "pane": [place[0] for place in variant.geometry.layout],
        # A board's move (Star Trek) names its pins: anchor cell -> pin name (engine/notation.py).
        "pins": {str(pin.cells[0]): pin.name for pin in variant.pins},
    }
    return json.dumps(tables, separators=(",", ":"))


def engine_tables_json(variant: engine.Variant) -> str:
    """The variant's native tables (engine/wasm_tables.py) and what the browser needs to write
    the engine's line as moves (cell names, piece letters, each cell's board, the movable
    boards' pins by anchor cell), as JSON: built once per variant and process (variants are
    immutable). NoBrowserEngine for a variant the native core (and so its WebAssembly build)
    does not hold (a board of more cells than the wide build's)."""
    try:
        wasm_build(variant)  # the tables are of no use without a build that holds the board
        return _tables_json(variant)
    except engine.errors.UnsupportedVariantError as exc:
        raise NoBrowserEngine(_("The browser's engine does not play %(variant)s (%(reason)s); the "
                                "server searches it: POST /api/v1/analysis/search/.")
                              % {"variant": variant.name, "reason": exc}) from None


def browser_engine_plays(variant: engine.Variant) -> bool:
    """Whether the analysis board can search `variant` in the browser (else the server does)."""
    try:
        engine_tables_json(variant)
    except NoBrowserEngine:
        return False
    return True


def engine_wasm_file(variant: engine.Variant) -> str | None:
    """The WebAssembly build of the core that holds the variant's board (rs_engine.wasm for the
    cube's 125 cells, rs_engine_wide.wasm for hex's 185), or None when neither does."""
    try:
        return WASM_FILES[wasm_build(variant)]
    except UnsupportedVariantError:
        return None


def _position_key(pos: engine.Position) -> int:
    return pos.zobrist  # placement, side, reserves, unmoved pieces, en passant: not the counters


def is_position_of_my_game_in_progress(user, pos: engine.Position) -> bool:
    """Whether `pos` is the current position of a game in progress that `user` plays (the
    counters aside): the engine is off there, as on lichess in a correspondence game."""
    if not getattr(user, "is_authenticated", False):
        return False
    games = Game.objects.filter(Q(white=user) | Q(black=user), status=Game.Status.ACTIVE,
                                variant=pos.variant.key).only("fen", "variant", "variant_options")
    key = _position_key(pos)
    for game in games:
        try:
            if _position_key(engine.Position.from_fen(game.fen, variant_of(game))) == key:
                return True
        except (engine.PositionError, ValueError):
            continue
    return False


def engine_allowed_for_game(user, game: Game) -> bool:
    """The engine is off on a game in progress for its players (exploring moves is not)."""
    return not (game.status == Game.Status.ACTIVE and game.player_color(user) is not None)
