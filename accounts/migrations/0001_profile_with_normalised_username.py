"""Profiles with the normalised username of every existing account (issue 13, item 4): the
oldest account keeps the plain key if two existing names collide once normalised."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def fill_profiles(apps, schema_editor):
    from accounts.profiles import profiles_backfill

    profiles_backfill(user_model=apps.get_model("auth", "User"),
                      profile_model=apps.get_model("accounts", "Profile"))


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('auth', '0012_alter_user_first_name_max_length'),
    ]

    operations = [
        migrations.CreateModel(
            name='Profile',
            fields=[
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='account_profile', serialize=False, to=settings.AUTH_USER_MODEL)),
                ('username_key', models.CharField(max_length=600, unique=True)),
                ('username_skeleton', models.CharField(db_index=True, max_length=600)),
            ],
        ),
        migrations.RunPython(fill_profiles, migrations.RunPython.noop),
    ]
