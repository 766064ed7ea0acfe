"""The planner settings the archive's page reads run with on PostgreSQL (games.keyset:
sorts and bitmap scans priced out, SET LOCAL) hold for that page's reads only: inside a
caller's transaction they are put back after the page, and on an error (a bad cursor) they are
rolled back with the page's savepoint; outside one they end with the page's own transaction.
Every other read of the site keeps the planner's defaults."""
from __future__ import annotations

import pytest
from django.db import connection, transaction

from games import keyset
from games.selectors import games_archive

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def settings_now() -> tuple[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('enable_sort'), "
                       "current_setting('enable_bitmapscan')")
        return cursor.fetchone()


def test_the_pin_is_on_inside_and_gone_after_a_page():
    assert settings_now() == ("on", "on")
    with keyset.in_index_order():
        assert settings_now() == ("off", "off")
    assert settings_now() == ("on", "on")
    games_archive(status="finished")
    assert settings_now() == ("on", "on")


def test_inside_a_callers_transaction_the_settings_are_put_back():
    with transaction.atomic():
        games_archive(status="finished")
        assert settings_now() == ("on", "on")
        with pytest.raises(keyset.BadCursor):
            games_archive(status="finished", cursor="not-a-cursor")
        assert settings_now() == ("on", "on")
