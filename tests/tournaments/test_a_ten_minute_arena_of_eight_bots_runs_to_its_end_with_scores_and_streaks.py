"""A 10-minute arena of eight bots at 1+0 (live games), run to its end: the bots are paired as
they become free (best score first, never the last opponent again at once), score 2 a win, 1 a
draw, and double after two wins in a row until a game is not won; when the time is up the
scores freeze (a game ending later counts nothing) and the sweep ends the arena.

The bots are external bot accounts (as a Bot API program plays them); the test makes their
moves' outcomes (resignations and agreed draws) so the scores can be worked out by hand, and
the ten minutes pass by moving the arena's end to now (the clocks themselves are issue 46's)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from bots.services import bot_upgrade_account
from games import services as games
from tests.site_fixtures import make_user
from tournaments import services
from tournaments.models import Pairing, Tournament
from tournaments.selectors import tournament_detail

# Transactional: the next round is paired by a background thread, which must see what the
# test wrote (tournaments.rounds.advance_later).
pytestmark = pytest.mark.django_db(transaction=True)

BOTS = [f"b{n}" for n in range(1, 9)]


@pytest.fixture(autouse=True)
def slow_first_moves(settings):
    # Nobody moves in these games (they end by resignation or agreement); the first-move
    # timer must not abort them while the test runs on a busy machine.
    settings.FIRST_MOVE_SECONDS = 3600


def _running(tournament) -> dict[frozenset, Pairing]:
    return {frozenset((p.white.username, p.black.username)): p
            for p in Pairing.objects.filter(tournament=tournament, result="")
            .select_related("white", "black", "game")}


def _pairs(tournament) -> set[tuple[str, str]]:
    return {(p.white.username, p.black.username) for p in _running(tournament).values()}


def _end(tournament, white, black, winner, after_commit) -> None:
    pairing = _running(tournament)[frozenset((white, black))]
    assert (pairing.white.username, pairing.black.username) == (white, black)
    with after_commit():
        if winner == "draw":
            games.game_draw(game=pairing.game, user=pairing.white, action="offer")
            games.game_draw(game=pairing.game, user=pairing.black, action="accept")
        else:
            loser = pairing.black if winner == white else pairing.white
            games.game_resign(game=pairing.game, user=loser)


def test_a_ten_minute_arena_of_eight_bots_runs_to_its_end(after_commit):
    director = make_user("director")
    bots = [make_user(name) for name in BOTS]
    for bot in bots:
        bot_upgrade_account(user=bot)
    with after_commit():
        arena = services.tournament_create(creator=director, name="Bot blitz", system="arena",
                                           variant="raumschach", clock_limit=60,
                                           clock_increment=0, minutes=10, max_players=8)
        for bot in bots:
            services.tournament_invite_bot(tournament_id=arena.pk, by=director, bot_user=bot)
        services.tournament_start(tournament_id=arena.pk, user=director)
    arena.refresh_from_db()
    assert arena.ends_at - arena.started_at == timedelta(minutes=10)
    first = list(Pairing.objects.filter(tournament=arena).select_related("game"))
    assert all(p.game.clock_limit == 60 and p.game.clock_increment == 0 for p in first)
    assert all(p.game.days_per_move is None and p.game.tournament_id == arena.pk for p in first)
    # Everyone free at the start: paired in order (equal scores and ratings: by account).
    assert _pairs(arena) == {("b1", "b2"), ("b3", "b4"), ("b5", "b6"), ("b7", "b8")}

    _end(arena, "b1", "b2", "b1", after_commit)
    assert _pairs(arena) == {("b3", "b4"), ("b5", "b6"), ("b7", "b8")}  # b1, b2 just met: wait
    _end(arena, "b3", "b4", "b3", after_commit)
    # Free: b1 2, b3 2, b2 0, b4 0 -> b1-b3 (equal whites: the better placed has White), b2-b4.
    assert _pairs(arena) >= {("b1", "b3"), ("b2", "b4")}
    _end(arena, "b1", "b3", "b1", after_commit)
    fire = {s["username"]: s["fire"] for s in tournament_detail(arena)["standings"]}
    assert fire["b1"] and not fire["b3"]  # two wins in a row: on a streak
    _end(arena, "b5", "b6", "draw", after_commit)
    # Free: b1 4, b3 2, b5 1, b6 1. b3 just met b1 -> b1-b5 (b5 had White less), b3-b6.
    assert _pairs(arena) >= {("b5", "b1"), ("b6", "b3")}
    _end(arena, "b5", "b1", "b1", after_commit)  # a win on the streak: 4
    _end(arena, "b7", "b8", "b8", after_commit)
    # Free: b1 8, b8 2, b5 1, b7 0 -> b8-b1 (b8 had White less), b7-b5 (b5 had White twice).
    assert _pairs(arena) >= {("b8", "b1"), ("b7", "b5")}
    _end(arena, "b8", "b1", "draw", after_commit)  # a draw on the streak: 2, and it ends
    _end(arena, "b2", "b4", "b4", after_commit)
    # Free: b1 10, b8 3, b4 2, b2 0 -> b4-b1, b8-b2.
    assert _pairs(arena) == {("b6", "b3"), ("b7", "b5"), ("b4", "b1"), ("b8", "b2")}

    # Ten minutes pass: the scores freeze. A game ending after that counts nothing, and no
    # one is paired any more.
    Tournament.objects.filter(pk=arena.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    _end(arena, "b6", "b3", "b3", after_commit)
    late = Pairing.objects.get(tournament=arena, white__username="b6", black__username="b3")
    assert late.result == "0-1" and not late.counts
    assert len(_pairs(arena)) == 3  # b3 and b6 were not paired again
    with after_commit():
        services.tournaments_sweep()
    arena.refresh_from_db()
    assert arena.status == "finished" and arena.winner.username == "b1"

    # By hand (win 2, draw 1, doubled after two wins in a row until a game is not won):
    #   b1: W 2, W 2, W 4 (streak), D 2 (streak, ends it) = 10   sheet 2242
    #   b8: W 2, D 1 = 3        b3: W 2, L 0 = 2 (the late win: nothing)   b4: L 0, W 2 = 2
    #   b5: D 1, L 0 = 1        b6: D 1 = 1        b2: L 0, L 0 = 0         b7: L 0 = 0
    # Equal points and wins (and ratings) share the place.
    table = [(s["rank"], s["username"], s["score"], s["sheet"], s["wins"], s["fire"])
             for s in tournament_detail(arena)["standings"]]
    assert table == [
        (1, "b1", 10.0, "2242", 3, False), (2, "b8", 3.0, "21", 1, False),
        (3, "b3", 2.0, "20", 1, False), (3, "b4", 2.0, "02", 1, False),
        (5, "b5", 1.0, "10", 0, False), (5, "b6", 1.0, "1", 0, False),
        (7, "b2", 0.0, "00", 0, False), (7, "b7", 0.0, "0", 0, False),
    ]
