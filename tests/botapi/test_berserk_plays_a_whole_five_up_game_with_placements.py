"""berserk (lichess's Python client, unchanged) plays a whole Five Up game through the Board API
against the site's Beginner bot (`challenge/ai`), choosing a placement (`Dc5Ac5/g`) whenever one
is legal: berserk puts the move raw in the path (`/api/board/game/<id>/move/Dc5Ac5/g`), and no
move is refused. A real Daphne process (embedded set-up: the built-in bot moves in a server
thread)."""
from __future__ import annotations

import random

import berserk
import pytest

from accounts import services as account_services
from games.models import Game, Move
from tests.botapi.live import BRIDGE_SERVER_ENV, Reader, client, start_daphne
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

MAX_PLIES = 3000  # a bound on a failure only: random games end long before (50-move rule)


@pytest.fixture
def server(built_in_bots, tmp_path):
    # Beginner v random runs to hundreds of plies; the per-account action limit (120 a
    # minute, for fairness) would make the game last many minutes.
    daphne = start_daphne(tmp_path, **BRIDGE_SERVER_ENV, RATE_LIMIT_BOTAPI_ACTION="0/1")
    yield daphne
    daphne.stop()


def test_berserk_plays_five_up_with_placements_and_nothing_is_refused(server):
    user = make_user("hugo")
    hugo = client(server, account_services.api_token_create(user=user, name="berserk")[1])
    started = hugo.challenges.create_ai(level=1, color="white", variant="fiveup")
    game_id = started["id"]
    stream = Reader(hugo.board.stream_game_state(game_id))
    full = stream.next_of("gameFull")
    assert full["variant"]["key"] == "fiveup"
    state = full["state"]
    chance = random.Random(5)
    sent, placed, refused = 0, 0, []
    while state["status"] == "started":
        moves = state["moves"].split()
        assert len(moves) < MAX_PLIES
        if len(moves) % 2 == 0:  # hugo is White
            legal = state["legalMoves"]
            placements = [m for m in legal if "/" in m]
            move = chance.choice(placements or legal)
            try:
                hugo.board.make_move(game_id, move)
            except berserk.exceptions.ResponseError as exc:
                refused.append((move, exc.status_code, str(exc)))
                break
            sent += 1
            placed += bool(placements)
        state = stream.next_of("gameState")
    assert refused == []

    game = Game.objects.get(public_id=game_id)
    assert game.status == Game.Status.FINISHED, (game.status, game.termination)
    stored = list(Move.objects.filter(game=game).order_by("ply").values_list("coord", flat=True))
    assert len(stored) == game.ply and stored == state["moves"].split()
    mine = stored[0::2]
    assert len(mine) == sent
    # White placed its whole reserve (W, G, S), each move stored as sent
    assert placed == 3 and sum("/" in m for m in mine) == placed
    assert stream.ended()
