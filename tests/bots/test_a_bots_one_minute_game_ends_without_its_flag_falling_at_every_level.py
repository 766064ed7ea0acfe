"""A bot plays a live 1+0 game within its clock at every level (issue 46): its search budget
comes from its remaining time (bots.budget.clock_movetime) and its moves take the live lane
(bots/lanes.py), so the game ends by the rules (or the person's resignation after
BOT_MOVES bot moves), never by the bot's flag.

On the real stack: a Celery worker consuming the live queue, PostgreSQL, Redis; the six games
at once, one worker process per game. The person is this test, answering each bot move at
once through the game service with the Easy level's choice (a depth-2 search: it sees a mate
in one coming, so the games last long enough to spend most of the bot's minute)."""
import time

import pytest

from engine.search import LEVELS, choose_move
from games import services
from games.clock import clock_json
from games.positions import search_position
from games.variants import move_coord
from games.models import Game
from tests.bots.conftest import bot_user
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.celery, pytest.mark.redis, pytest.mark.postgres, pytest.mark.slow,
              pytest.mark.django_db(transaction=True)]

BOT_MOVES = 60  # then the person resigns: a bot that had flagged would have done so by then
WALL_LIMIT = 300  # seconds; each game's bot has 60 s of clock


def test_a_bots_one_minute_game_ends_without_its_flag_falling_at_every_level(workers):
    levels = sorted(LEVELS)
    workers(concurrency=len(levels))
    people, games = {}, {}
    for level in levels:
        people[level] = make_user(f"person{level}")
        challenge = services.challenge_create(
            challenger=people[level], opponent=bot_user(level), color="white",
            days_per_move=None, clock_limit=60, clock_increment=0)
        games[level] = Game.objects.get(public_id=challenge.pk)
    bot_moves = {level: 0 for level in levels}
    ends = time.monotonic() + WALL_LIMIT
    while time.monotonic() < ends:
        running = 0
        for level, game in games.items():
            game.refresh_from_db()
            if game.status != Game.Status.ACTIVE:
                continue
            running += 1
            if game.turn != Game.Color.WHITE:
                continue  # the bot is thinking
            person = people[level]
            bot_moves[level] = game.ply // 2
            if bot_moves[level] >= BOT_MOVES:
                services.game_resign(game=game, user=person)
                continue
            position = search_position(game)
            reply = choose_move(position, 1, seed=game.ply).move
            services.game_play_move(game=game, user=person, move=move_coord(position, reply),
                                    ply=game.ply)
        if not running:
            break
        time.sleep(0.02)
    outcomes = {}
    for level, game in games.items():
        game.refresh_from_db()
        clock = clock_json(game, now=game.ended_at or game.updated_at)
        outcomes[level] = (game.status, game.termination, game.result, game.ply, clock["black"])
    print("\nlevel: status, termination, result, plies, the bot's ms left", *outcomes.items(),
          sep="\n")
    for level, (status, termination, result, ply, bot_left) in outcomes.items():
        assert status == Game.Status.FINISHED, outcomes  # not aborted, not still running
        assert not (termination == Game.Termination.TIMEOUT and result != "0-1"), outcomes
        assert bot_left > 0, outcomes
        assert ply >= 2, outcomes
