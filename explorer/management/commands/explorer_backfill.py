"""manage.py explorer_backfill [--days N]: count the finished games of the archive that the
opening explorer has not counted yet (all of them on a site that had no explorer; after that,
only games whose end hook was lost). Safe to run again and while games end: a game is never
counted twice."""
from __future__ import annotations

from datetime import timedelta

from django.core.management.base import BaseCommand
from django.utils import timezone

from explorer.services import explorer_backfill


class Command(BaseCommand):
    help = "Count the finished games the opening explorer has not counted yet."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--days", type=int, default=None,
                            help="Only games that ended in the last N days (default: all).")

    def handle(self, *args, days: int | None = None, **options) -> None:
        since = timezone.now() - timedelta(days=days) if days is not None else None
        counted = explorer_backfill(ended_since=since)
        self.stdout.write(f"{counted} games counted.")
