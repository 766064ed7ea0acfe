"""A player's pending challenges (to them, from them) are listed from an index in their order
(issue 30): (opponent|challenger, status, -created_at) replace the indexes without the order.
The new ones are made before the old ones go, so the reads always have one."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0010_bare_king_ends_a_star_trek_game'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddIndex(
            model_name='challenge',
            index=models.Index(fields=['opponent', 'status', '-created_at'], name='challenge_opponent_at_idx'),
        ),
        migrations.AddIndex(
            model_name='challenge',
            index=models.Index(fields=['challenger', 'status', '-created_at'], name='challenge_challenger_at_idx'),
        ),
        migrations.RemoveIndex(
            model_name='challenge',
            name='challenge_opponent_idx',
        ),
        migrations.RemoveIndex(
            model_name='challenge',
            name='challenge_challenger_idx',
        ),
    ]
