"""A finished game whose end hook never ran (a crash between the game's commit and the hook, a
write that failed) is counted by the periodic catch-up (Celery beat's explorer.tasks.catch_up;
embedded, notify's periodic timer), once; games that ended more than a day ago are left to
the backfill command."""
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from explorer.models import ExplorerGame
from explorer.tasks import catch_up
from games.models import Game
from notify.periodic import notify_periodic
from tests.explorer.archive import new_game, play_random, recount, stored

pytestmark = pytest.mark.django_db


def test_the_periodic_job_counts_what_the_hook_lost(alice, bob, django_capture_on_commit_callbacks):
    rng = random.Random(11)
    with django_capture_on_commit_callbacks(execute=True):
        heard = play_random(new_game(alice, bob), 6, rng)
    lost = [play_random(new_game(bob, alice), rng.randint(2, 10), rng) for _ in range(3)]  # no hook ran
    Game.objects.filter(pk=lost[0].pk).update(ended_at=timezone.now() - timedelta(days=2))
    assert catch_up() == 2
    assert set(ExplorerGame.objects.values_list("game_id", flat=True)) == {heard.pk, lost[1].pk, lost[2].pk}
    assert catch_up() == 0
    assert notify_periodic()["explorer"] == 0  # the embedded timer runs the same job
    Game.objects.filter(pk=lost[0].pk).update(ended_at=timezone.now())
    assert notify_periodic()["explorer"] == 1
    assert stored() == recount()
