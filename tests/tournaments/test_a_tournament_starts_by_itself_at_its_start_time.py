"""A tournament with `starts_at` is started by the periodic sweep once that time has come (and
not before); one that has too few players then ends without games. The sweep also moves on a
Swiss whose round is complete but was not advanced (its after-commit work lost)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services as games
from tests.site_fixtures import make_user
from tournaments import services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def _soon(creator, **settings):
    return services.tournament_create(creator=creator, name="Scheduled", variant="raumschach",
                                      days_per_move=5,
                                      starts_at=timezone.now() + timedelta(hours=1),
                                      **settings)


def test_the_sweep_starts_a_due_tournament_and_ends_an_empty_one(after_commit):
    alice, bob = make_user("alice"), make_user("bob")
    with after_commit():
        full = _soon(alice, system="round-robin")
        empty = _soon(alice, system="swiss", rounds=3)
        for user in (alice, bob):
            services.tournament_join(tournament_id=full.pk, user=user)
    with after_commit():
        assert services.tournaments_sweep() == 0  # not yet
    Tournament.objects.update(starts_at=timezone.now() - timedelta(seconds=1))
    with after_commit():
        services.tournaments_sweep()
    full.refresh_from_db()
    empty.refresh_from_db()
    assert full.status == "started" and Pairing.objects.filter(tournament=full).count() == 1
    assert empty.status == "finished" and empty.winner is None
    assert not Pairing.objects.filter(tournament=empty).exists()


def test_the_sweep_pairs_a_complete_round_whose_advance_was_lost(after_commit):
    users = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    with after_commit():
        tournament = services.tournament_create(creator=users[0], name="Lost", system="swiss",
                                                variant="raumschach", rounds=2, days_per_move=1)
        for user in users:
            services.tournament_join(tournament_id=tournament.pk, user=user)
        services.tournament_start(tournament_id=tournament.pk, user=users[0])
    # The games end, but nothing after their commits runs (a crash in between).
    for pairing in Pairing.objects.filter(tournament=tournament).select_related("game"):
        games.game_resign(game=pairing.game, user=pairing.black)
    assert not Pairing.objects.filter(tournament=tournament, round=2).exists()
    with after_commit():
        assert services.tournaments_sweep() == 1
    assert Pairing.objects.filter(tournament=tournament, round=2).count() == 2
