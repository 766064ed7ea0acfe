"""Describe each bot as its engine level actually plays (engine/search/levels.py as built):
Beginner plays random legal moves, the depth and time limits are those of the search."""
from django.db import migrations

DESCRIPTIONS = {
    0: "Plays a random legal move: perfect for learning how the pieces move in 3D.",
    1: "Looks one move ahead for each side and plays loosely; punishes pieces left hanging.",
    2: "Searches three plies with a quiescence check; sees simple tactics and every mate in one.",
    3: "Searches four plies plus captures and checks; finds mates in two and short combinations.",
    4: "Thinks about five seconds a move with the full engine: a strong, patient opponent.",
    5: "Thinks thirty seconds a move: the engine at full strength, for correspondence games.",
}


def describe(apps, schema_editor):
    Bot = apps.get_model("bots", "Bot")
    for level, description in DESCRIPTIONS.items():
        Bot.objects.filter(level=level).update(description=description)


class Migration(migrations.Migration):
    dependencies = [("bots", "0002_create_bot_accounts")]

    # Reversing keeps the newer texts: they describe the same bots, only more accurately.
    operations = [migrations.RunPython(describe, migrations.RunPython.noop)]
