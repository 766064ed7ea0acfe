"""The lobby costs one query for the seeks and one for the seekers' ratings per variant listed
(the taker's own rating, for `fits_me`, comes in the same query): pinned."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import selectors, services

pytestmark = pytest.mark.django_db


def counted(run) -> int:
    with CaptureQueriesContext(connection) as captured:
        run()
    return len(captured.captured_queries)


def test_the_lobby_reads_ratings_once_per_variant_listed(fiveup, alice, bob, carol):
    for user in (alice, bob):
        services.challenge_create(challenger=user, opponent=None, color="white",
                                  days_per_move=3, public=True)
    assert counted(lambda: selectors.seeks_open()) == 2
    assert counted(lambda: selectors.seeks_open(fits_user=carol)) == 2
    services.challenge_create(challenger=alice, opponent=None, color="white", days_per_move=3,
                              public=True, variant="fiveup")
    assert counted(lambda: selectors.seeks_open(fits_user=carol)) == 3
    assert counted(lambda: selectors.seeks_open(fits_user=carol, variant="fiveup")) == 2
