"""Ratings per (player, variant), as lichess keeps them: every rating so far was earned in
Raumschach (the only game the site played), so each row becomes that player's Raumschach
rating. The model is rebuilt under a new table and renamed back, because the old primary key
was the player; the reverse copies the Raumschach ratings back."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

FIELDS = ("rating", "rd", "volatility", "games_rated", "wins", "draws", "losses", "peak",
          "rated_at")


def ratings_become_raumschach(apps, schema_editor):
    old = apps.get_model("ratings", "Rating")
    new = apps.get_model("ratings", "VariantRating")
    new.objects.bulk_create(
        [new(user_id=row.user_id, variant="raumschach", **{f: getattr(row, f) for f in FIELDS})
         for row in old.objects.all().iterator()], batch_size=1000)


def raumschach_ratings_back(apps, schema_editor):
    old = apps.get_model("ratings", "Rating")
    new = apps.get_model("ratings", "VariantRating")
    old.objects.bulk_create(
        [old(user_id=row.user_id, **{f: getattr(row, f) for f in FIELDS})
         for row in new.objects.filter(variant="raumschach").iterator()], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("ratings", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="VariantRating",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("variant", models.CharField(default="raumschach", max_length=32)),
                ("rating", models.FloatField(default=1500.0)),
                ("rd", models.FloatField(default=350.0)),
                ("volatility", models.FloatField(default=0.06)),
                ("games_rated", models.PositiveIntegerField(default=0)),
                ("wins", models.PositiveIntegerField(default=0)),
                ("draws", models.PositiveIntegerField(default=0)),
                ("losses", models.PositiveIntegerField(default=0)),
                ("peak", models.FloatField(blank=True, null=True)),
                ("rated_at", models.DateTimeField(blank=True, null=True)),
                ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                           related_name="ratings", to=settings.AUTH_USER_MODEL)),
            ],
            options={
                "indexes": [models.Index(fields=["variant", "-rating"],
                                         name="rating_variant_board_idx")],
                "constraints": [models.UniqueConstraint(fields=("user", "variant"),
                                                        name="rating_one_per_player_and_variant")],
            },
        ),
        migrations.RunPython(ratings_become_raumschach, raumschach_ratings_back),
        migrations.DeleteModel(name="Rating"),
        migrations.RenameModel(old_name="VariantRating", new_name="Rating"),
    ]
