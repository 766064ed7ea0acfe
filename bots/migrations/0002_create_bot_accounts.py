"""Create the six bot accounts (levels 0..5). They cannot log in: unusable passwords."""
from django.contrib.auth.hashers import make_password
from django.db import migrations

BOTS = [
    (0, "beginner-bot", "Beginner", "Looks one move ahead and often blunders: good for learning the moves."),
    (1, "easy-bot", "Easy", "A short search with some randomness: takes free pieces, misses tactics."),
    (2, "normal-bot", "Normal", "A steady club-level opponent that sees simple two-move tactics."),
    (3, "hard-bot", "Hard", "Searches deeper with quiescence: punishes loose pieces and open kings."),
    (4, "expert-bot", "Expert", "A strong iterative-deepening search that plans several moves ahead."),
    (5, "master-bot", "Master", "The engine at full strength with the longest thinking time."),
]


def create_bots(apps, schema_editor):
    User = apps.get_model("auth", "User")
    Bot = apps.get_model("bots", "Bot")
    for level, username, name, description in BOTS:
        user, _ = User.objects.get_or_create(
            username=username, defaults={"password": make_password(None)}
        )
        Bot.objects.update_or_create(
            level=level, defaults={"user": user, "name": name, "description": description}
        )


def remove_bots(apps, schema_editor):
    # The user accounts stay: they may own finished games that must keep their players.
    Bot = apps.get_model("bots", "Bot")
    Bot.objects.filter(level__in=[level for level, *_ in BOTS]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("bots", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_bots, remove_bots)]
