"""Ratings per variant and speed (issue 46, as lichess keeps them): every rating so far is a
correspondence one; the one-per-player constraint and the leaderboard's index take the speed.
The new ones are made before the old ones go, so the reads and the uniqueness always have one
(a row's speed is never changed, so the wider constraint holds every row the old one did)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0003_leaderboard_index_serves_its_whole_order'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='rating',
            name='speed',
            field=models.CharField(default='correspondence', max_length=16),
        ),
        migrations.AddIndex(
            model_name='rating',
            index=models.Index(fields=['variant', 'speed', '-rating', 'user'],
                               name='rating_variant_speed_board_idx'),
        ),
        migrations.AddConstraint(
            model_name='rating',
            constraint=models.UniqueConstraint(fields=('user', 'variant', 'speed'),
                                               name='rating_one_per_player_variant_speed'),
        ),
        migrations.RemoveConstraint(
            model_name='rating',
            name='rating_one_per_player_and_variant',
        ),
        migrations.RemoveIndex(
            model_name='rating',
            name='rating_variant_board_idx2',
        ),
    ]
