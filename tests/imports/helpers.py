"""Finished games to export and import again, made as the site makes them."""
from __future__ import annotations

import random

from games import selectors, services
from games.models import Game
from tests.site_fixtures import accepted_challenge_game, play


def finished_game(white, black, variant: str, *, plies: int = 24, seed: int = 7,
                  variant_options: dict | None = None) -> Game:
    """A game of `variant` started by an accepted challenge, `plies` moves chosen at random
    among the legal ones (seeded), then resigned by the side to move unless the rules ended
    it first."""
    extra = {"variant_options": variant_options} if variant_options else {}
    game = accepted_challenge_game(white, black, variant, **extra)
    chooser = random.Random(seed)
    for _ in range(plies):
        legal = selectors.game_state(game)["legal_moves"]
        if game.status != Game.Status.ACTIVE or not legal:
            break
        game = play(game, chooser.choice(sorted(legal)))
    if game.status == Game.Status.ACTIVE:
        services.game_resign(game=game, user=game.white if game.turn == "white" else game.black)
        game.refresh_from_db()
    return game


def moves_of(game: Game) -> list[tuple[str, str, str]]:
    return list(game.moves.order_by("ply").values_list("coord", "san", "fen_after"))
