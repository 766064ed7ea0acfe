"""accounts.ApiToken takes over the games_apitoken table (issue 12). State only, so no token
is lost; the content type moves with it, keeping admin permissions and log entries."""
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def move_content_type(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="accounts", model="apitoken").exists():
        ContentType.objects.filter(app_label="games", model="apitoken").update(
            app_label="accounts")


def move_content_type_back(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="games", model="apitoken").exists():
        ContentType.objects.filter(app_label="accounts", model="apitoken").update(
            app_label="games")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_profile_with_normalised_username"),
        ("games", "0002_apitoken_moves_to_accounts"),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ApiToken",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                                   serialize=False, verbose_name="ID")),
                        ("name", models.CharField(blank=True, default="", max_length=64)),
                        ("key_hash", models.CharField(editable=False, max_length=64,
                                                      unique=True)),
                        ("prefix", models.CharField(editable=False, max_length=8)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("last_used_at", models.DateTimeField(blank=True, null=True)),
                        ("user", models.ForeignKey(
                            on_delete=django.db.models.deletion.CASCADE,
                            related_name="api_tokens", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={"db_table": "games_apitoken", "ordering": ["-created_at"]},
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_type, move_content_type_back),
    ]
