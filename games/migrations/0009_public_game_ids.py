"""Public game ids (issue 28): every game gets a short random public id, as lichess's; a game
made by accepting a challenge has the challenge's id (new challenges get ids of that form).
Existing games get a random id each here (their old integer URLs redirect to it); an existing
game made from a challenge keeps a random one: its challenge's id is of the old, longer form."""
import secrets
import string

from django.db import migrations, models

import games.models

ALPHABET = string.ascii_letters + string.digits


def _new_id(taken: set[str]) -> str:
    # The form of games.models.new_public_id, written out: a migration keeps its own copy.
    while True:
        value = "".join(secrets.choice(ALPHABET) for _ in range(8))
        if not value.isdigit() and value not in taken:
            taken.add(value)
            return value


def fill_public_ids(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Challenge = apps.get_model("games", "Challenge")
    taken = set(Challenge.objects.values_list("pk", flat=True))
    games = list(Game.objects.filter(public_id__isnull=True).only("pk"))
    for game in games:
        game.public_id = _new_id(taken)
    Game.objects.bulk_update(games, ["public_id"], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0008_keyset_indexes"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="public_id",
            field=models.CharField(max_length=16, null=True, editable=False),
        ),
        migrations.RunPython(fill_public_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="game",
            name="public_id",
            field=models.CharField(default=games.models.new_public_id, editable=False,
                                   max_length=16, unique=True),
        ),
        migrations.AlterField(
            model_name="challenge",
            name="id",
            field=models.CharField(default=games.models.new_challenge_id, editable=False,
                                   max_length=16, primary_key=True, serialize=False),
        ),
    ]
