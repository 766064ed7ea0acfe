"""Ended games of one status, all and a player's, are read from an index in the keyset order
whatever the planner's statistics (issue 38): (status, -ended_at, -id) and (white|black, status,
-ended_at, -id), partial on ended_at, replace (status, result, -updated_at), which a planner
without statistics took for `status = 'finished'` and then sorted every finished game.
The new ones are made before the old one goes, so the reads always have one."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_a_star_trek_position_string_fits'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('ended_at__isnull', False)), fields=['status', '-ended_at', '-id'], name='game_status_ended_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('ended_at__isnull', False)), fields=['white', 'status', '-ended_at', '-id'], name='game_white_status_ended_idx'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('ended_at__isnull', False)), fields=['black', 'status', '-ended_at', '-id'], name='game_black_status_ended_idx'),
        ),
        migrations.RemoveIndex(
            model_name='game',
            name='game_status_result_idx',
        ),
    ]
