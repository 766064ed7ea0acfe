from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _refresh_statistics(sender, using: str = "default", **kwargs) -> None:
    # After a migration (new indexes on a full table), as SQLite's documentation asks.
    from core.statistics import statistics_refresh

    statistics_refresh(using=using)


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        post_migrate.connect(_refresh_statistics, sender=self,
                             dispatch_uid="games.refresh_statistics")
