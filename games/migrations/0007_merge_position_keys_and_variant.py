# Joins main's 0006 (position keys of old games) and board-descriptor's 0006 (the variant on games
# and challenges): they touch different fields, so nothing to do but order them.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_store_the_position_keys_of_old_games'),
        ('games', '0006_variant_on_games_and_challenges'),
    ]

    operations = [
    ]
