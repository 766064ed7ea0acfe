"""The planner's statistics of the tables that grow with the site, kept current by the site
itself (issue 38): SQLite has none until someone runs ANALYZE, and PostgreSQL's come from
autovacuum, which may be off or behind after a bulk import.

The archive's reads do not depend on them (each is served in order by an index whatever the
statistics: games/models.py), but other plans do, and SQLite's documentation asks
applications to keep them current (`PRAGMA optimize`). That pragma, before SQLite 3.46, only
looks at tables the closing connection queried, so the check is made here, the same on every
version: a table is analysed when it has no statistics or has grown (SQLite) or changed
(PostgreSQL, as autovacuum counts) by more than a tenth since. Run after migrations and by the
periodic jobs (Celery beat: games.tasks.refresh_statistics; embedded: notify's timer).
"""
from __future__ import annotations

import logging

from django.db import connections

logger = logging.getLogger(__name__)

# The tables whose lists grow with the site (the archive, challenges, chat, ratings, the
# opening explorer's counts).
TABLES = ("games_game", "games_challenge", "chat_chatmessage", "ratings_rating",
          "ratings_ratingchange", "games_move", "explorer_explorermove", "explorer_explorergame")
CHANGED = 0.1  # as autovacuum_analyze_scale_factor
MIN_ROWS = 500  # changes below this never call for a new analysis (autovacuum: 50)


def statistics_refresh(*, using: str = "default") -> list[str]:
    """ANALYZE the site's growing tables whose statistics are missing or stale; returns the
    tables analysed. Cheap when nothing is due (a few catalogue reads)."""
    connection = connections[using]
    if connection.vendor not in ("sqlite", "postgresql"):
        return []
    existing = set(connection.introspection.table_names())
    due = [table for table in TABLES if table in existing and _due(connection, table)]
    # A full ANALYZE (SQLite: 0.6 s for 200,000 games): an approximate one (analysis_limit)
    # counts the rows too roughly to tell growth from noise. Due only after a tenth's growth.
    with connection.cursor() as cursor:
        for table in due:
            cursor.execute(f'ANALYZE "{table}"')
    if due:
        logger.info("planner statistics refreshed: %s", ", ".join(due))
    return due


def _due(connection, table: str) -> bool:
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")
            analysed_rows = None
            if cursor.fetchone()[0]:
                # The rows each index held (partial ones fewer): the table's are the most.
                cursor.execute("SELECT stat FROM sqlite_stat1 WHERE tbl = %s", [table])
                counts = [int(stat.split()[0]) for (stat,) in cursor.fetchall() if stat]
                analysed_rows = max(counts) if counts else None
            # The largest rowid bounds the rows without counting them (rows are rarely deleted).
            cursor.execute(f'SELECT max(rowid) FROM "{table}"')
            rows = cursor.fetchone()[0] or 0
            if analysed_rows is None:
                return rows > 0
            return rows - analysed_rows > CHANGED * analysed_rows + MIN_ROWS
        # pg_statistic is transactional (seen at once); the change counter is autovacuum's.
        cursor.execute("SELECT EXISTS (SELECT 1 FROM pg_statistic WHERE starelid = %s::regclass)",
                       [table])
        if not cursor.fetchone()[0]:
            cursor.execute(f'SELECT EXISTS (SELECT 1 FROM "{table}")')
            return bool(cursor.fetchone()[0])
        cursor.execute("SELECT s.n_mod_since_analyze, c.reltuples FROM pg_stat_user_tables s "
                       "JOIN pg_class c ON c.oid = s.relid WHERE s.relname = %s", [table])
        row = cursor.fetchone()
        if row is None:
            return False
        changed, rows = row
        return changed > CHANGED * max(rows, 0) + MIN_ROWS
