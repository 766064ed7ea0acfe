"""What one game adds to the explorer, from the engine alone: the positions of its first plies
(by Zobrist key), the move played from each and its text. Whether a game counts at all: a
finished game of a variant the site offers, with that variant's default rules, from its start
position (a game from a set-up position or with other rules would put foreign lines under the
start position's moves)."""
from __future__ import annotations

from typing import NamedTuple

import engine
from games.errors import UnknownVariant
from games.variants import move_from_coord, variant_get

# Positions counted per game: the moves played at plies 1..MAX_PLIES (lichess's explorer keeps
# only the opening too). Settings.EXPLORER_MAX_PLIES overrides it; docs/architecture.md.
MAX_PLIES = 30

RESULTS = {"1-0": "white", "1/2-1/2": "draws", "0-1": "black"}


class Played(NamedTuple):
    key: int  # the position's Zobrist key as a signed 64-bit number (a BIGINT column)
    move: str
    san: str


def signed_key(key: int) -> int:
    """An unsigned 64-bit Zobrist key as the signed number PostgreSQL and SQLite store."""
    return key - (1 << 64) if key >= 1 << 63 else key


def standard_variant(key: str, options: dict | None) -> engine.Variant | None:
    """The variant `key` if the site offers it and `options` are its defaults, else None."""
    try:
        variant = variant_get(key)
    except UnknownVariant:
        return None
    if options and dict(options) != dict(variant.option_values):
        return None
    return variant


def from_start(variant: engine.Variant, start_fen: str) -> bool:
    """Whether `start_fen` is the variant's start position (its counters may be written
    differently; the position string as the engine writes it decides)."""
    try:
        return engine.Position.from_fen(start_fen, variant).fen() == engine.Position.start(variant).fen()
    except (engine.PositionError, ValueError):
        return False


def opening(variant: engine.Variant, coords: list[str], plies: int = MAX_PLIES) -> list[Played]:
    """The positions of the game's first `plies` moves from the start, each with the move
    played there. A position reached twice (a repetition) counts once, with its first move, so
    a position's games are the sum of its moves' games."""
    pos = engine.Position.start(variant)
    seen: set[int] = set()
    found = []
    for coord in coords[:plies]:
        move = move_from_coord(variant, coord)
        key = pos.zobrist
        if key not in seen:
            seen.add(key)
            found.append(Played(signed_key(key), pos.coord(move), pos.san(move)))
        pos.push(move)
    return found
