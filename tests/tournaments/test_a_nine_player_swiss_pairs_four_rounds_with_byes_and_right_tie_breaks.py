"""A correspondence Swiss of nine players over four rounds (Dutch pairing by py4swiss): each
round is paired when the last game of the one before ends, one player has a bye every round
and nobody twice, nobody meets anyone twice, colours stay balanced, and the final scores,
Buchholz and Sonneborn-Berger are those worked out by hand below."""
from collections import Counter

import pytest
from rest_framework.test import APIClient

from games import services as games
from tests.site_fixtures import make_user
from tournaments import services
from tournaments.models import Pairing, Tournament

# Transactional: the next round is paired by a background thread, which must see what the
# test wrote (tournaments.rounds.advance_later).
pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"]  # seeds 1..9 (all 1500)

# The Dutch system's pairings for these results (what the hand computation below is of).
EXPECTED_ROUNDS = {
    1: [("ann", "eve"), ("fay", "ben"), ("cat", "gus"), ("hal", "dan"), ("ivy", None)],
    2: [("dan", "ann"), ("ben", "ivy"), ("eve", "cat"), ("gus", "fay"), ("hal", None)],
    3: [("cat", "ben"), ("ann", "hal"), ("ivy", "dan"), ("fay", "eve"), ("gus", None)],
    4: [("ben", "ann"), ("dan", "cat"), ("ivy", "gus"), ("hal", "fay"), ("eve", None)],
}

# By hand. Results: neighbours in seed order draw, otherwise the better seed wins; a bye is 1.
#   ann: eve 1, dan 1, hal 1, ben 1/2          = 3.5
#   ben: fay 1, ivy 1, cat 1/2, ann 1/2        = 3.0
#   cat: gus 1, eve 1, ben 1/2, dan 1/2        = 3.0
#   dan: hal 1, ann 0, ivy 1, cat 1/2          = 2.5
#   eve: ann 0, cat 0, fay 1/2, bye 1          = 1.5
#   fay: ben 0, gus 1/2, eve 1/2, hal 1        = 2.0
#   gus: cat 0, fay 1/2, bye 1, ivy 1          = 2.5
#   hal: dan 0, bye 1, ann 0, fay 0            = 1.0
#   ivy: bye 1, ben 0, dan 0, gus 0            = 1.0
# Buchholz (opponents' final scores, the bye adds nothing):
#   ann 1.5+2.5+1+3 = 8      ben 2+1+3+3.5 = 9.5   cat 2.5+1.5+3+2.5 = 9.5
#   dan 1+3.5+1+3 = 8.5      eve 3.5+3+2 = 8.5     fay 3+2.5+1.5+1 = 8
#   gus 3+2+1 = 6            hal 2.5+3.5+2 = 8     ivy 3+2.5+2.5 = 8
# Sonneborn-Berger (opponent's score x points taken from them):
#   ann 1.5+2.5+1+1.5 = 6.5  ben 2+1+1.5+1.75 = 6.25   cat 2.5+1.5+1.5+1.25 = 6.75
#   dan 1+0+1+1.5 = 3.5      eve 0+0+1 = 1             fay 0+1.25+0.75+1 = 3
#   gus 0+1+1 = 2            hal 0                     ivy 0
# Order: score, Buchholz, Sonneborn-Berger, wins: cat before ben (equal Buchholz, better SB),
# dan before gus (Buchholz); hal and ivy share every figure and the 8th place.
EXPECTED_STANDINGS = [
    (1, "ann", 3.5, 8.0, 6.5), (2, "cat", 3.0, 9.5, 6.75), (3, "ben", 3.0, 9.5, 6.25),
    (4, "dan", 2.5, 8.5, 3.5), (5, "gus", 2.5, 6.0, 2.0), (6, "fay", 2.0, 8.0, 3.0),
    (7, "eve", 1.5, 8.5, 1.0), (8, "hal", 1.0, 8.0, 0.0), (8, "ivy", 1.0, 8.0, 0.0),
]


def _finish(pairing: Pairing, seed: dict[int, int], after_commit) -> None:
    white_seed, black_seed = seed[pairing.white_id], seed[pairing.black_id]
    with after_commit():
        if abs(white_seed - black_seed) == 1:
            games.game_draw(game=pairing.game, user=pairing.white, action="offer")
            games.game_draw(game=pairing.game, user=pairing.black, action="accept")
        else:
            loser = pairing.black if white_seed < black_seed else pairing.white
            games.game_resign(game=pairing.game, user=loser)


def test_a_nine_player_swiss_pairs_four_rounds_with_byes_and_right_tie_breaks(after_commit):
    users = [make_user(name) for name in NAMES]
    with after_commit():
        tournament = services.tournament_create(
            creator=users[0], name="Autumn Swiss", variant="raumschach", system="swiss",
            rounds=4, days_per_move=2, max_players=9)
        for user in users:
            services.tournament_join(tournament_id=tournament.pk, user=user)
        services.tournament_start(tournament_id=tournament.pk, user=users[0])
    seed = {e.user_id: e.seed for e in tournament.entrants.all()}
    assert sorted(seed.values()) == list(range(1, 10))

    for number in range(1, 5):
        tournament.refresh_from_db()
        assert (tournament.status, tournament.current_round) == ("started", number)
        boards = list(Pairing.objects.filter(tournament=tournament, round=number)
                      .select_related("white", "black", "game").order_by("id"))
        # The next round is not paired while this one runs.
        assert not Pairing.objects.filter(tournament=tournament, round=number + 1).exists()
        shown = [(p.white.username, p.black.username if p.black_id else None) for p in boards]
        assert shown == EXPECTED_ROUNDS[number]
        for pairing in boards:
            if pairing.black_id is not None:
                assert pairing.game.tournament_id == tournament.pk
                _finish(pairing, seed, after_commit)

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.winner.username == "ann"

    everything = list(Pairing.objects.filter(tournament=tournament)
                      .select_related("white", "black"))
    games_played = [p for p in everything if p.black_id is not None]
    met = [frozenset((p.white_id, p.black_id)) for p in games_played]
    assert len(met) == len(set(met)) == 16, "nobody meets anyone twice"
    byes = [p.white.username for p in everything if p.black_id is None]
    assert len(byes) == 4 and len(set(byes)) == 4, "one bye a round, nobody twice"
    for user in users:
        colours = [("w" if p.white_id == user.pk else "b")
                   for p in sorted(games_played, key=lambda p: p.round)
                   if user.pk in (p.white_id, p.black_id)]
        counts = Counter(colours)
        assert abs(counts["w"] - counts["b"]) <= 1, (user.username, colours)
        assert "www" not in "".join(colours) and "bbb" not in "".join(colours)

    detail = APIClient().get(f"/api/v1/tournaments/{tournament.pk}/").json()
    table = [(s["rank"], s["username"], s["score"], s["buchholz"], s["sonneborn_berger"])
             for s in detail["standings"]]
    assert table == EXPECTED_STANDINGS
    assert sum(s["score"] for s in detail["standings"]) == 16 + 4  # every game and bye counted
