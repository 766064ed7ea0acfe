"""After N games played from the start through the site's services (people and bots, all four
games, won, lost, drawn, some longer than the counted 30 plies, one ended by mate), the
explorer's counts, kept by the end hook as each game finished, equal a recount from the
archive; and the endpoint answers them at the start position and further in."""
import random

import engine
import pytest
from rest_framework.test import APIClient

from explorer.models import ExplorerGame
from tests.explorer.archive import external_bot, new_game, play_random, recount, stored
from tests.site_fixtures import make_user, play

pytestmark = pytest.mark.django_db
URL = "/api/v1/explorer/"
# White mates in 11 plies (found with the engine's depth-3 search against random replies).
MATE_LINE = ("Ad1Ac3", "Ed5Dd3", "Bd2Cd2", "Dd3Ed5", "Bb2Cb2", "Da5Cb4", "Ab1Bb3", "Dc5Ac2", "Bc1Ac2",
             "Ea5Ba5", "Bb3Cb5")


def test_the_end_hooks_counts_equal_a_recount(django_capture_on_commit_callbacks):
    rng = random.Random(41)
    people = [make_user(f"p{i}") for i in range(4)]
    bot = external_bot("tinybot")
    plan = [  # (white, black, variant, plies, end)
        (people[0], people[1], "raumschach", 4, "resign"),
        (people[1], people[0], "raumschach", 6, "draw"),
        (people[2], people[3], "raumschach", 36, "resign"),  # past the counted depth
        (people[0], people[2], "raumschach", 1, "resign"),
        (people[3], people[1], "raumschach", 12, "draw"),
        (people[0], bot, "raumschach", 8, "resign"),
        (bot, people[1], "raumschach", 5, "resign"),
        (people[2], people[0], "fiveup", 10, "resign"),
        (people[1], people[3], "fiveup", 7, "draw"),
        (people[3], people[0], "raumschach", 2, "resign"),
        (people[0], people[3], "hexraumschach", 8, "resign"),
        (people[2], people[1], "startrek", 8, "draw"),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        games = [play_random(new_game(w, b, v), plies, rng, end=end) for w, b, v, plies, end in plan]
    assert all(game.status == "finished" for game in games)
    assert {game.result for game in games} == {"1-0", "0-1", "1/2-1/2"}
    expected = recount()
    assert expected and stored() == expected
    assert ExplorerGame.objects.filter(counted=True).count() == len(plan)

    start = APIClient().get(URL, {"variant": "raumschach"}).json()
    assert start["games"] == 6  # the raumschach games between people
    assert sum(m["games"] for m in start["moves"]) == 6
    assert start["white"] + start["draws"] + start["black"] == 6
    assert [m["games"] for m in start["moves"]] == sorted((m["games"] for m in start["moves"]), reverse=True)
    bots = APIClient().get(URL, {"variant": "raumschach", "source": "bots"}).json()
    assert bots["games"] == 2
    fiveup = APIClient().get(URL, {"variant": "fiveup"}).json()
    assert fiveup["games"] == 2
    for key in ("hexraumschach", "startrek"):
        assert APIClient().get(URL, {"variant": key}).json()["games"] == 1

    # One move in: the position after the longest game's first move, with its text.
    longest = games[2]
    first = longest.moves.get(ply=1)
    pos = engine.Position.start()
    pos.push(engine.Move.from_coord(first.coord))
    after = APIClient().get(URL, {"variant": "raumschach", "fen": pos.fen()}).json()
    second = longest.moves.get(ply=2)
    row = next(m for m in after["moves"] if m["move"] == second.coord)
    assert row["san"] == second.san and row["games"] >= 1
    played = next(m for m in start["moves"] if m["move"] == first.coord)
    assert played["san"] == first.san
    assert after["games"] == played["games"]  # every game that played it went on


def test_a_game_ended_by_mate_counts_its_mating_move(django_capture_on_commit_callbacks, alice, bob):
    """The end hook runs after the mating move's row is stored: the move that ended the game is
    in the counts (a hook inside the ending transaction would miss it)."""
    with django_capture_on_commit_callbacks(execute=True):
        game = play(new_game(alice, bob), *MATE_LINE)
    assert game.status == "finished" and game.termination == "checkmate" and game.result == "1-0"
    assert stored() == recount()
    pos = engine.Position.start()
    for coord in MATE_LINE[:-1]:
        pos.push(engine.Move.from_coord(coord))
    before_mate = APIClient().get(URL, {"fen": pos.fen()}).json()
    assert [(m["move"], m["san"][-1], m["white"]) for m in before_mate["moves"]] == [(MATE_LINE[-1], "#", 1)]
