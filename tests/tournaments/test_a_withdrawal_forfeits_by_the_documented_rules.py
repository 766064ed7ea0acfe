"""Withdrawals and forfeits, as docs/architecture.md "Tournaments" states them: before the start
a withdrawal just leaves; after it the player stays in the standings (marked withdrawn), every
game of theirs still running is resigned, and a Swiss pairs them no more. A game whose first
move is never made in time is a forfeit loss for the player who was to move."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as games
from games.models import Game
from tests.site_fixtures import make_user
from tournaments import services
from tournaments.models import Entrant, Pairing, Tournament
from tournaments.selectors import tournament_detail

# Transactional: the next round is paired by a background thread, which must see what the
# test wrote (tournaments.rounds.advance_later).
pytestmark = pytest.mark.django_db(transaction=True)


def _started(after_commit, names, **settings):
    users = [make_user(name) for name in names]
    with after_commit():
        tournament = services.tournament_create(creator=users[0], name="Club event",
                                                variant="raumschach", days_per_move=3,
                                                **settings)
        for user in users:
            services.tournament_join(tournament_id=tournament.pk, user=user)
        services.tournament_start(tournament_id=tournament.pk, user=users[0])
    tournament.refresh_from_db()
    return tournament, users


def test_leaving_before_the_start_removes_the_entry(after_commit):
    alice, bob = make_user("alice"), make_user("bob")
    with after_commit():
        tournament = services.tournament_create(creator=alice, name="Club event",
                                                variant="raumschach", system="swiss", rounds=3,
                                                days_per_move=3)
        services.tournament_join(tournament_id=tournament.pk, user=bob)
        services.tournament_withdraw(tournament_id=tournament.pk, user=bob)
    assert not Entrant.objects.filter(tournament=tournament).exists()


def test_a_withdrawal_mid_round_robin_resigns_the_running_games(after_commit):
    tournament, (alice, bob, carol) = _started(after_commit, ["alice", "bob", "carol"],
                                               system="round-robin")
    games_of_bob = Pairing.objects.filter(tournament=tournament).exclude(
        white=alice, black=carol).exclude(white=carol, black=alice).select_related("game")
    first = games_of_bob[0]
    with after_commit():  # bob loses one game on the board, then withdraws
        games.game_resign(game=first.game, user=bob)
    with after_commit():
        services.tournament_withdraw(tournament_id=tournament.pk, user=bob)
    for pairing in (Pairing.objects.filter(pk__in=[p.pk for p in games_of_bob])
                    .select_related("game")):
        assert pairing.game.termination == "resign"
        assert pairing.result == ("0-1" if pairing.white_id == bob.pk else "1-0")
        assert not pairing.forfeit
    tournament.refresh_from_db()
    detail = tournament_detail(tournament)
    bob_line = next(s for s in detail["standings"] if s["username"] == "bob")
    assert bob_line["withdrawn"] and bob_line["score"] == 0
    assert detail["status"] == "started"  # alice v carol still runs
    other = Pairing.objects.get(tournament=tournament, game__status="active")
    with after_commit():
        games.game_resign(game=other.game, user=other.black)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def test_a_withdrawn_player_is_not_paired_in_the_next_swiss_round(after_commit):
    tournament, users = _started(after_commit, ["ann", "ben", "cat", "dan", "eve"],
                                 system="swiss", rounds=3)
    quitter = users[1]
    with after_commit():
        services.tournament_withdraw(tournament_id=tournament.pk, user=quitter)
    for pairing in Pairing.objects.filter(tournament=tournament, round=1, result=""):
        with after_commit():
            games.game_resign(game=pairing.game, user=pairing.black)
    second = Pairing.objects.filter(tournament=tournament, round=2)
    assert second.exists()
    assert not second.filter(white=quitter).exists() and not second.filter(black=quitter).exists()
    assert second.filter(black__isnull=True).count() == 0  # four left: no bye


def test_a_first_move_never_made_is_a_forfeit_loss_for_the_player_to_move(after_commit):
    tournament, (alice, bob) = _started(after_commit, ["alice", "bob"], system="round-robin")
    pairing = Pairing.objects.select_related("game").get(tournament=tournament)
    Game.objects.filter(pk=pairing.game_id).update(deadline=timezone.now() - timedelta(minutes=1))
    with after_commit():
        assert games.games_sweep_expired() == 1
    pairing.refresh_from_db()
    assert Game.objects.get(pk=pairing.game_id).status == "aborted"
    assert pairing.forfeit and pairing.result == "0-1"  # White never moved
    tournament.refresh_from_db()
    detail = tournament_detail(tournament)
    assert detail["status"] == "finished" and detail["winner"] == pairing.black.username
    cross = {row["username"]: row["results"] for row in detail["crosstable"]}
    assert cross[pairing.white.username] == {pairing.black.username: "-"}
    assert cross[pairing.black.username] == {pairing.white.username: "+"}
