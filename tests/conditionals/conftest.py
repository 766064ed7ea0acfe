"""Shared site fixtures (see tests/site_fixtures.py) and the channel-layer parametrisation of
the socket tests."""
import pytest

from tests.realtime.conftest import layer  # noqa: F401
from tests.site_fixtures import *  # noqa: F401,F403
from tests.site_fixtures import make_game, play

# alice (White) opens with Bb2Bb3; then it is bob's turn, and alice plans her replies.
OPENING = "Bb2Bb3"


@pytest.fixture
def started(alice, bob):
    """alice v bob after 1. Bb2Bb3: bob (Black) to move at ply 1."""
    return play(make_game(alice, bob), OPENING)


def plan(client, game, *lines):
    return client.put(f"/api/v1/games/{game.public_id}/conditional-moves/",
                      {"lines": [list(line) for line in lines]}, format="json")


def move(client, game, coord: str, ply: int):
    return client.post(f"/api/v1/games/{game.public_id}/moves/", {"move": coord, "ply": ply},
                       format="json")
