"""ApiToken now belongs to the accounts app (issue 12). State only: the table games_apitoken
and every token in it stay where they are; accounts.0002 takes the model over."""
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="ApiToken")],
            database_operations=[],
        ),
    ]
