"""Fixtures of the analysis tests: the site's (tests/site_fixtures.py), games that are over,
and a small search budget (the default one is for real games; these only need the engine to
see a queen hang)."""
import pytest
from django.contrib.auth import get_user_model

import engine
from core import background
from engine import Position
from engine.search import choose_move
from games import services
from tests.site_fixtures import *  # noqa: F401,F403
from tests.site_fixtures import make_game, play

# White's queen (Ac3) can take the rook (Ae5); Ac3Ac5 instead hangs her to Ae5xAc5.
QUEEN_FEN = "2k2/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|4r/5/2Q2/5/K4 w 0 1"
QUEEN_BLUNDER, QUEEN_TAKEN, QUEEN_BEST = "Ac3Ac5", "Ae5Ac5", "Ac3Ae5"


@pytest.fixture(autouse=True)
def analysis_settings(settings):
    settings.ANALYSIS_NODES = 60_000
    settings.ANALYSIS_PYTHON_NODES = 10_000
    settings.ANALYSIS_DEPTH = 12
    settings.BACKGROUND_IN_PROCESS = True
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    yield
    assert background.wait_until_idle(120)


def resign(game, loser):
    return services.game_resign(game=game, user=loser)


def queen_blunder_game(white, black):
    """White hangs the queen, Black takes it, White resigns: ply 1 is a blunder."""
    game = play(make_game(white, black, fen=QUEEN_FEN), QUEEN_BLUNDER, QUEEN_TAKEN)
    return resign(game, white)


def easy_moves(plies: int, seed: int = 7) -> list[str]:
    """A reproducible game of the Easy level against itself (its seeds fixed)."""
    position, coords = Position.start(), []
    for ply in range(plies):
        if position.outcome() is not None:
            break
        move = choose_move(position, 1, seed=seed + ply, core="native").move
        coords.append(position.coord(move))
        position.push(move)
    return coords


def finished_game(white, black, plies: int = 6):
    """A game of `plies` moves that White resigned."""
    return resign(play(make_game(white, black), *easy_moves(plies)), white)


@pytest.fixture
def staff(db):
    return get_user_model().objects.create_user(username="staffer", password="x-Long-pass-9",
                                                is_staff=True)


__all__ = ["QUEEN_FEN", "QUEEN_BLUNDER", "QUEEN_TAKEN", "QUEEN_BEST", "engine", "resign",
           "queen_blunder_game", "easy_moves", "finished_game"]
