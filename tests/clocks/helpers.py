"""Live games for the clock tests: started as the site starts them (a challenge accepted)."""
from __future__ import annotations

from datetime import datetime, timedelta

from games import services
from games.models import Game


def live_game(white, black, *, limit: int = 180, increment: int = 0, rated: bool = False,
              fen: str = "") -> Game:
    """`white` (White) v `black`, a live game of `limit`+`increment` started by a challenge."""
    challenge = services.challenge_create(challenger=white, opponent=black, color="white",
                                          days_per_move=None, clock_limit=limit,
                                          clock_increment=increment, rated=rated, fen=fen)
    return services.challenge_accept(challenge=challenge, user=black)


def move_at(game: Game, coord: str, at: datetime, *, lag_ms: int = 0):
    """Play `coord` for the side to move as if the server had received it at `at`."""
    game.refresh_from_db()
    mover = game.white if game.turn == "white" else game.black
    played = services.game_play_move(game=game, user=mover, move=coord, ply=game.ply,
                                     lag_ms=lag_ms, received_at=at)
    game.refresh_from_db()
    return played


def ms(seconds: float) -> timedelta:
    return timedelta(seconds=seconds)


def redis_deadlines(monkeypatch, settings):
    """The broker's flags on the real Redis (REDIS_URL), in a sorted set of this test's own:
    `flag_schedule` writes it and the poller claims from it. Returns the set; delete its key
    when done (`.redis.delete(.key)`)."""
    import uuid

    from core.due_set import DueSet
    from games.services import clocks

    settings.BACKGROUND_IN_PROCESS = False
    deadlines = DueSet(f"test-flags-{uuid.uuid4().hex}")
    monkeypatch.setattr(clocks, "DEADLINES", deadlines)
    return deadlines
