"""Reads of the opening explorer: the moves played from a position, with their counts and
results, as lichess's explorer answers them."""
from __future__ import annotations

from django.utils.translation import gettext as _

import engine

from .errors import BadPosition
from .lines import signed_key
from .models import ExplorerMove, Source


def parse_position(fen: str | None, variant: engine.Variant) -> engine.Position:
    """The position `fen` of `variant` (its start position when `fen` is empty); BadPosition
    with the engine's reason for a malformed string or one of another variant."""
    if fen is None or not fen.strip():
        return engine.Position.start(variant)
    try:
        return engine.Position.from_fen(fen.strip(), variant)
    except (engine.PositionError, ValueError) as exc:
        raise BadPosition(_("Not a %(variant)s position: %(reason)s.")
                          % {"variant": variant.name, "reason": exc}) from None


def explorer_moves(*, variant: engine.Variant, position: engine.Position,
                   source: str = Source.PLAYERS) -> dict:
    """The moves played from `position` in the counted games of `source`, most played first:
    {moves: [{move, san, games, white, draws, black}], games, white, draws, black}. One
    indexed read (the unique index's first three columns)."""
    rows = list(ExplorerMove.objects
                .filter(key=signed_key(position.zobrist), variant=variant.key, source=source)
                .order_by("-games", "move")
                .values("move", "san", "games", "white", "draws", "black"))
    totals = {name: sum(row[name] for row in rows) for name in ("white", "draws", "black")}
    return {"moves": rows, "games": sum(row["games"] for row in rows), **totals}
