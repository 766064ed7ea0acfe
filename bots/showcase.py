"""The showcase ("Bot TV"): one bot-v-bot game between two strong levels always running, like a
TV channel on the home page. When it ends (bots listen to `games.signals.game_ending`) the next
one starts after commit, colours swapped, in the next of the site's games (Raumschach, Five
Up, Hexagonal Raumschach, Star Trek, then Raumschach again): one channel that shows the four in
turn, rather than four channels that would keep four searches running around the clock.

Which game is the showcase is stored (`Showcase`, one row), so ending any other bot game never
starts one, and two endings cannot start two (the row is locked while the next is chosen).

Paced: a showcase move is played no sooner than SHOWCASE_SECONDS_PER_MOVE (5 s) after the one
before (a move found early is put off, `bots.services.bot_move_play`), and the bots think at
most SHOWCASE_MOVETIME seconds: ~3.4 CPU-s per idle minute (docs/performance.md). Unpaced, two strong bots replying at once kept half of a two-core
machine busy around the clock (5.4 CPU-s per 10 s of an idle embedded server) for a game that
nobody can follow at that speed.
"""
from __future__ import annotations

import logging
from datetime import datetime

from django.conf import settings
from django.db import transaction

from games.models import Game
from games.services.commit import after_commit
from games.variants import variant_get, variant_keys_listed

from . import hooks, selectors
from .models import Showcase

logger = logging.getLogger(__name__)


def _levels(previous: Game | None) -> tuple[int, int]:
    first, second = settings.SHOWCASE_LEVELS
    if previous is not None:
        white_level = selectors.bot_of_user(user=previous.white).level
        if white_level == first:  # swap colours from one game to the next
            return second, first
    return first, second


def showcase_games() -> list[str]:
    """The games the channel shows in turn: every game the site plays, Raumschach first."""
    return variant_keys_listed()


def _next_variant(previous: Game | None) -> str:
    games = showcase_games()
    if previous is None or previous.variant not in games:
        return games[0]
    return games[(games.index(previous.variant) + 1) % len(games)]


def _start_locked(showcase: Showcase, previous: Game | None) -> Game:
    white_level, black_level = _levels(previous)
    white = selectors.bot_get_by_level(level=white_level)
    black = selectors.bot_get_by_level(level=black_level)
    variant = variant_get(_next_variant(previous))
    start = variant.start_fen
    # Casual: a stream of games between two bots would only push their ratings around.
    game = Game.objects.create(white=white.user, black=black.user, days_per_move=None,
                               rated=False, variant=variant.key, start_fen=start, fen=start,
                               turn=Game.Color.WHITE if start.split()[1] == "w"
                               else Game.Color.BLACK)
    showcase.game = game
    showcase.save(update_fields=["game"])
    after_commit(hooks.request_bot_move_if_needed, game_id=game.pk)
    logger.info("showcase game %s started: %s v %s in %s", game.pk, white.name, black.name,
                variant.key)
    return game


def showcase_ensure() -> Game | None:
    """Start the showcase if it is enabled and not running (at start-up, by the periodic
    sweep, or by `manage.py start_showcase`); returns the running showcase game."""
    if not settings.SHOWCASE_ENABLED:
        return None
    with transaction.atomic():
        showcase, _ = Showcase.objects.select_for_update().get_or_create(pk=1)
        current = showcase.game
        if current is not None and current.status == Game.Status.ACTIVE:
            return current
        return _start_locked(showcase, current)


def showcase_next_if_ended(*, game: Game) -> Game | None:
    """Called inside the transaction that ends `game`: if it is the showcase, queue the next
    one (after commit, so a rolled-back ending starts nothing)."""
    if not settings.SHOWCASE_ENABLED:
        return None
    if not Showcase.objects.filter(pk=1, game_id=game.pk).exists():
        return None
    after_commit(_start_next, ended_game_id=game.pk)
    return game


def _start_next(ended_game_id: int) -> None:
    with transaction.atomic():
        showcase = Showcase.objects.select_for_update().filter(pk=1).first()
        if showcase is None or showcase.game_id != ended_game_id:
            return  # someone already started the next one
        _start_locked(showcase, Game.objects.select_related("white").get(pk=ended_game_id))


def showcase_wait(game: Game, *, now: datetime) -> float:
    """Seconds until the showcase `game` may play its next move: SHOWCASE_SECONDS_PER_MOVE
    after its last change (its last move, or its start); 0 when due."""
    due = game.updated_at.timestamp() + settings.SHOWCASE_SECONDS_PER_MOVE
    return max(0.0, due - now.timestamp())


def showcase_movetime(movetime: float | None) -> float:
    """The thinking time of a showcase move: `movetime` (the caller's, or None for the
    level's own), at most SHOWCASE_MOVETIME seconds."""
    cap = settings.SHOWCASE_MOVETIME
    return cap if movetime is None else min(movetime, cap)


def showcase_game() -> Game | None:
    """The current showcase game (running or just ended), for the home page."""
    showcase = Showcase.objects.select_related("game__white", "game__black").filter(pk=1).first()
    return showcase.game if showcase else None


def showcase_ensure_at_startup() -> None:
    """The embedded server's start-up (no beat runs there): start the showcase if missing."""
    from django.db import DatabaseError, connections

    try:
        showcase_ensure()
    except DatabaseError:  # e.g. not migrated yet: the server must still start
        logger.exception("could not start the showcase game")
    finally:
        connections.close_all()
