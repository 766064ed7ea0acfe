"""The archive job: finished games not mined yet are given to the engine's miner
(engine.puzzles.mine_game), its puzzles checked and stored with the game they came from, and
each game marked mined (whatever was found) so it is never read twice. Newest games first, a
bounded number a run: mining searches every position, and the periodic task must end.

The miner arrives with engine.puzzles; until then the job says "miner unavailable" and does
nothing (tests inject a miner through `miner`)."""
from __future__ import annotations

import logging
from typing import Callable

from django.conf import settings
from django.db import transaction

from games import selectors as game_selectors
from games.errors import UnknownVariant
from games.variants import variant_get

from .errors import BadPuzzle
from .loading import puzzle_row, puzzles_add
from .models import MinedGame
from .selectors import unmined_game_ids

logger = logging.getLogger(__name__)

MINER_UNAVAILABLE = "miner unavailable"
ALL_PLIES = 1_000_000


def load_miner() -> Callable | None:
    """engine.puzzles.mine_game if the engine has a miner, else None."""
    try:
        from engine.puzzles import mine_game
    except ImportError:
        return None
    return mine_game


def _found(miner: Callable, game: dict, depth: int) -> list:
    try:
        variant = variant_get(game["variant"])
    except UnknownVariant:
        return []
    if game["variant_options"] and dict(game["variant_options"]) != dict(variant.option_values):
        return []  # puzzles are set and solved by the game's usual rules only
    try:
        return list(miner(variant.key, game["start_fen"], game["moves"], depth=depth,
                          source=f"game:{game['game_id']}"))
    except Exception:  # one game the miner cannot read must not stop the others
        logger.warning("puzzles: the miner failed on game %s", game["game_id"], exc_info=True)
        return []


def puzzles_mine_archive(*, limit: int | None = None, depth: int | None = None,
                         miner: Callable | None = None) -> dict:
    """Mine up to `limit` finished games not mined yet (settings.PUZZLES_MINE_GAMES_PER_RUN):
    {status, games, puzzles}. Status "miner unavailable" when there is no miner."""
    miner = miner or load_miner()
    if miner is None:
        logger.info("puzzles: %s (engine.puzzles is not installed)", MINER_UNAVAILABLE)
        return {"status": MINER_UNAVAILABLE, "games": 0, "puzzles": 0}
    limit = settings.PUZZLES_MINE_GAMES_PER_RUN if limit is None else limit
    depth = settings.PUZZLES_MINE_DEPTH if depth is None else depth
    games = game_selectors.finished_game_openings(game_ids=unmined_game_ids(limit=limit),
                                                   plies=ALL_PLIES)
    added = 0
    for game in games:
        rows = []
        for puzzle in _found(miner, game, depth):
            record = {"fen": puzzle.fen, "solution": list(puzzle.solution),
                      "themes": list(puzzle.themes), "depth": puzzle.depth, "source": puzzle.source}
            try:
                rows.append(puzzle_row(puzzle.variant, record, game_id=game["game_id"]))
            except BadPuzzle as exc:
                logger.warning("puzzles: game %s gave a puzzle that does not hold: %s",
                               game["game_id"], exc.detail)
        with transaction.atomic():
            _, created = MinedGame.objects.get_or_create(game_id=game["game_id"],
                                                         defaults={"puzzles": len(rows)})
            if created:  # another run mined it meanwhile: its puzzles are stored already
                added += puzzles_add(rows)[0]
    return {"status": "ok", "games": len(games), "puzzles": added}
