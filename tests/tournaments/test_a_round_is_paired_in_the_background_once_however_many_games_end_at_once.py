"""The next Swiss round is paired off the request that ended the round's last game (the
`tournaments` background thread, tournaments.rounds.advance_later): the resigning player's
request answers while the pairing has not run yet. However many advances run at once - the
round's games ending together, the sweep - the database decides: the tournament's row lock
lets one pair the round, and the others find nothing left to pair."""
import threading

import pytest
from django.db import connection

from core import background
from games import services as games
from tournaments import rounds, services
from tournaments.models import Pairing, Tournament

from .conftest import WAIT, players

# Transactional: the pairing runs on the background thread's own connection.
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _swiss_of_four():
    people = players("ann", "ben", "cat", "dan")
    ann = people[0][0]
    tournament = services.tournament_create(creator=ann, name="Four", variant="raumschach",
                                            system="swiss", rounds=2, days_per_move=1)
    for user, _ in people:
        services.tournament_join(tournament_id=tournament.pk, user=user)
    services.tournament_start(tournament_id=tournament.pk, user=ann)
    return tournament, dict((user.pk, client) for user, client in people)


def _hold_the_tournaments_thread():
    """Occupy the pool's one thread until the returned event is set: whatever the site hands
    to it waits in its queue meanwhile."""
    release, holding = threading.Event(), threading.Event()

    def hold():
        holding.set()
        release.wait(WAIT)

    background.executor("tournaments").submit(hold)
    assert holding.wait(WAIT)
    return release


def test_the_request_ending_the_round_answers_before_the_next_round_is_paired():
    tournament, client = _swiss_of_four()
    first = list(Pairing.objects.filter(tournament=tournament, round=1).select_related("game"))
    assert len(first) == 2
    release = _hold_the_tournaments_thread()
    try:
        for pairing in first:
            url = f"/api/v1/games/{pairing.game.public_id}/resign/"
            answer = client[pairing.black_id].post(url)
            assert answer.status_code == 200 and answer.json()["status"] == "finished"
        # Both results are in; the round is complete, and nobody has paired round 2 yet.
        assert set(Pairing.objects.filter(tournament=tournament, round=1)
                   .values_list("result", flat=True)) == {"1-0"}
        assert not Pairing.objects.filter(tournament=tournament, round=2).exists()
    finally:
        release.set()
    assert background.wait_until_idle(WAIT)
    second = Pairing.objects.filter(tournament=tournament, round=2)
    assert second.count() == 2
    assert Tournament.objects.get(pk=tournament.pk).current_round == 2


def test_advances_running_at_once_pair_the_round_once():
    tournament, _ = _swiss_of_four()
    first = list(Pairing.objects.filter(tournament=tournament, round=1).select_related(
        "game", "black"))
    release = _hold_the_tournaments_thread()
    try:
        for pairing in first:  # two advances queued behind the held thread
            games.game_resign(game=pairing.game, user=pairing.black)
        # ...and six more at once, as the sweep and other servers' threads could run them.
        start, moved = threading.Barrier(6), []

        def advance():
            try:
                start.wait(WAIT)
                moved.append(rounds.tournament_advance(tournament_id=tournament.pk))
            finally:
                connection.close()

        threads = [threading.Thread(target=advance) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(WAIT)
        assert sorted(moved) == [False] * 5 + [True]
    finally:
        release.set()
    assert background.wait_until_idle(WAIT)  # the two queued advances: nothing left to pair
    second = list(Pairing.objects.filter(tournament=tournament, round=2))
    assert len(second) == 2
    assert sorted(p for pairing in second for p in (pairing.white_id, pairing.black_id)) == \
        sorted(p for pairing in first for p in (pairing.white_id, pairing.black_id))
    assert Tournament.objects.get(pk=tournament.pk).current_round == 2
