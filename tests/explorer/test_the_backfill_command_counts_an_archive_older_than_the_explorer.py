"""`manage.py explorer_backfill` counts finished games the explorer never heard end (an archive
older than the explorer, or a hook lost to a crash): the counts then equal a recount; `--days`
leaves older games alone; run again it counts nothing."""
import random
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from explorer.models import ExplorerGame
from games.models import Game
from tests.explorer.archive import new_game, play_random, recount, stored

pytestmark = pytest.mark.django_db


def _backfill(*args) -> str:
    out = StringIO()
    call_command("explorer_backfill", *args, stdout=out)
    return out.getvalue().strip()


def test_the_command_counts_what_the_hook_never_did(alice, bob):
    rng = random.Random(9)
    games = [play_random(new_game(alice, bob), rng.randint(2, 12), rng) for _ in range(5)]  # no hook ran
    Game.objects.filter(pk__in=[g.pk for g in games[:2]]).update(ended_at=timezone.now() - timedelta(days=10))
    assert _backfill("--days", "3") == "3 games counted."
    assert set(ExplorerGame.objects.values_list("game_id", flat=True)) == {g.pk for g in games[2:]}
    assert _backfill() == "2 games counted."
    assert _backfill() == "0 games counted."
    assert stored() == recount()
