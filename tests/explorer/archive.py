"""Games for the explorer's tests, played through the site's services from random legal moves,
and the explorer's counts recomputed from the archive by a reading of its own."""
from __future__ import annotations

import random
from collections import Counter

import engine
from django.contrib.auth import get_user_model

from bots.models import Bot
from explorer.models import ExplorerMove
from games import services
from games.models import Game, Move
from games.variants import option_values, variant_get

PLIES = 30  # settings.EXPLORER_MAX_PLIES's default
RESULTS = {"1-0": "white", "1/2-1/2": "draws", "0-1": "black"}


def external_bot(username: str):
    """A bot account the engine does not play for (its owner's program would)."""
    user = get_user_model().objects.create_user(username=username, password="a-long-Passphrase-7")
    Bot.objects.create(user=user, external=True, name=username, description="A test bot.")
    return user


def new_game(white, black, variant_key: str = "raumschach", fen: str | None = None) -> Game:
    variant = variant_get(variant_key)
    start = fen or engine.Position.start(variant).fen()
    return Game.objects.create(white=white, black=black, variant=variant.key,
                               variant_options=option_values(variant), start_fen=start, fen=start)


def play_random(game: Game, plies: int, rng: random.Random, *, end: str = "resign") -> Game:
    """Play up to `plies` random legal moves through games.services, then end the game:
    "resign" (the side to move), "draw" (offered and accepted), "abort", or "none" (left
    running, or ended on the board by a mate or stalemate on the way)."""
    variant = variant_get(game.variant)
    for _ in range(plies):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        moves = engine.Position.from_fen(game.fen, variant).legal_moves()
        pos = engine.Position.from_fen(game.fen, variant)
        mover = game.white if game.turn == "white" else game.black
        services.game_play_move(game=game, user=mover, move=pos.coord(rng.choice(moves)), ply=game.ply)
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE or end == "none":
        return game
    mover = game.white if game.turn == "white" else game.black
    other = game.black if mover == game.white else game.white
    if end == "resign":
        services.game_resign(game=game, user=mover)
    elif end == "draw":
        services.game_draw(game=game, user=mover, action="offer")
        services.game_draw(game=game, user=other, action="accept")
    elif end == "abort":
        services.game_abort(game=game, user=mover)
    game.refresh_from_db()
    return game


def recount() -> Counter:
    """The explorer's counts as the archive gives them, read here without the explorer's code:
    every finished game from its variant's start with default options, its first PLIES moves
    replayed by the engine, each position once per game (its first visit)."""
    counts: Counter = Counter()
    for game in Game.objects.filter(status=Game.Status.FINISHED).select_related("white__bot", "black__bot"):
        variant = variant_get(game.variant)
        start = engine.Position.start(variant)
        if game.start_fen != start.fen() or game.variant_options != option_values(variant):
            continue
        source = "bots" if (hasattr(game.white, "bot") or hasattr(game.black, "bot")) else "players"
        pos, seen = start, set()
        for coord in Move.objects.filter(game=game, ply__lte=PLIES).order_by("ply").values_list("coord", flat=True):
            key = pos.zobrist
            if key not in seen:
                seen.add(key)
                where = (key, game.variant, source, coord)
                counts[where + ("games",)] += 1
                counts[where + (RESULTS[game.result],)] += 1
            pos.push(engine.Move.from_coord(coord, variant))
    return counts


def stored() -> Counter:
    """The explorer's stored counts in recount()'s shape (keys back to unsigned)."""
    counts: Counter = Counter()
    for row in ExplorerMove.objects.all():
        where = (row.key % (1 << 64), row.variant, row.source, row.move)
        for name in ("games", "white", "draws", "black"):
            if getattr(row, name):
                counts[where + (name,)] = getattr(row, name)
    return counts
