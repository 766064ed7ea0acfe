"""The shipped set loaded after every migrate (settings.PUZZLES_LOAD_ON_MIGRATE), so a fresh
site has puzzles as soon as its tables exist, and a deploy with more puzzles adds them."""
from __future__ import annotations

import logging

from django.conf import settings
from django.db import connections

logger = logging.getLogger(__name__)


def load_after_migrate(*, using: str = "default", plan=None, verbosity: int = 1, **kwargs) -> None:
    if not getattr(settings, "PUZZLES_LOAD_ON_MIGRATE", True):
        return
    from .loading import puzzles_load
    from .models import Puzzle

    if Puzzle._meta.db_table not in connections[using].introspection.table_names():
        return  # migrated backwards past the puzzles' tables
    report = puzzles_load()
    if verbosity and (report.added or report.refused):
        print(f"  Puzzles: {report.added} added, {report.present} already there, "
              f"{len(report.refused)} refused.")
