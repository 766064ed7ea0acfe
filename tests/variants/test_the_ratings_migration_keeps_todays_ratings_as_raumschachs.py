"""Migrating to ratings per variant keeps every rating as it was, as the player's Raumschach
rating (the only game rated before), and migrating back restores the old rows."""
import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("ratings", "0001_initial")]
AFTER = [("ratings", "0002_ratings_per_variant")]
FIELDS = ("rating", "rd", "volatility", "games_rated", "wins", "draws", "losses", "peak")


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_the_ratings_migration_keeps_todays_ratings_as_raumschachs(alice, bob):
    try:
        old_apps = migrate(BEFORE)
        old = old_apps.get_model("ratings", "Rating")
        old.objects.create(user_id=alice.pk, rating=1712.5, rd=61.0, volatility=0.059,
                           games_rated=30, wins=18, draws=4, losses=8, peak=1730.0)
        old.objects.create(user_id=bob.pk, rating=1388.0, rd=90.0, volatility=0.061,
                           games_rated=7, wins=2, draws=0, losses=5, peak=None)
        new_apps = migrate(AFTER)
        rows = new_apps.get_model("ratings", "Rating").objects.order_by("user_id")
        assert [(r.user_id, r.variant, *(getattr(r, f) for f in FIELDS)) for r in rows] == [
            (alice.pk, "raumschach", 1712.5, 61.0, 0.059, 30, 18, 4, 8, 1730.0),
            (bob.pk, "raumschach", 1388.0, 90.0, 0.061, 7, 2, 0, 5, None),
        ]
        back = migrate(BEFORE).get_model("ratings", "Rating")
        assert sorted(back.objects.values_list("user_id", "rating")) == [
            (alice.pk, 1712.5), (bob.pk, 1388.0)]
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
