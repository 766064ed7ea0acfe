"""Indexes for keyset reads (games.keyset) and an end time on every ended game: the archive
lists ended games by ended_at, so one ended before the column was always written gets its
last activity as its end."""
from django.conf import settings
from django.db import migrations, models


def ended_at_for_every_ended_game(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Game.objects.exclude(status="active").filter(ended_at__isnull=True).update(
        ended_at=models.F("updated_at"))


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0007_variant_on_games_and_challenges'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(ended_at_for_every_ended_game, migrations.RunPython.noop),
        # The variant filter reads ended games in the archive's order.
        migrations.RemoveIndex(
            model_name='game',
            name='game_variant_idx',
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['variant', '-ended_at', '-id'], name='game_variant_ended_idx'),
        ),
        migrations.RemoveIndex(
            model_name='game',
            name='game_white_status_idx',
        ),
        migrations.RemoveIndex(
            model_name='game',
            name='game_black_status_idx',
        ),
        migrations.AddIndex(
            model_name='challenge',
            index=models.Index(condition=models.Q(('opponent__isnull', True), ('public', True), ('status', 'pending')), fields=['created_at'], name='challenge_seek_created_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['white', 'status', '-updated_at', '-id'], name='game_white_status_at_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['black', 'status', '-updated_at', '-id'], name='game_black_status_at_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['-ended_at', '-id'], name='game_ended_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['white', '-ended_at', '-id'], name='game_white_ended_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['black', '-ended_at', '-id'], name='game_black_ended_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['status', '-updated_at', '-id'], name='game_status_active_idx'),
        ),
    ]
