"""What other apps add to a game's text export, per move: the `analysis` app hands over its
reader when it starts (`AnalysisConfig.ready`), so `games` never imports it (the same seam as
`games.bot_hook` and `games.rating_hook`). Without a reader the export is the bare record."""
from __future__ import annotations

from collections.abc import Callable

# game -> {ply: (glyph, comment)}: a glyph such as "?!" written after the move ("" for none)
# and a comment written after it in braces ("" for none).
_annotations: Callable[[object], dict[int, tuple[str, str]]] | None = None


def register_move_annotations(reader: Callable[[object], dict[int, tuple[str, str]]]) -> None:
    global _annotations
    _annotations = reader


def move_annotations(game) -> dict[int, tuple[str, str]]:
    return _annotations(game) if _annotations is not None else {}
