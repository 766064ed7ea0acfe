from django.apps import AppConfig


class PuzzlesConfig(AppConfig):
    name = "puzzles"
    verbose_name = "Puzzles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from .shipped import load_after_migrate

        # After every migrate, not once in a data migration: a deploy that ships more puzzles
        # loads them on its migrate (docs/architecture.md, "Puzzles").
        post_migrate.connect(load_after_migrate, sender=self, dispatch_uid="puzzles.load_shipped")
