"""lichess's /api/users/status takes up to 100 names: finding them is two reads however many
are asked (it was one or two reads a name), and a name is found as sign-up compares names."""
from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from accounts.models import Profile
from accounts.selectors import users_by_names
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db


def _reads(names: list[str]) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = APIClient().get("/api/users/status", {"ids": ",".join(names)})
    assert response.status_code == 200
    return len(queries)


def test_twenty_names_cost_as_many_reads_as_two():
    names = [make_user(f"player{i:02d}").username for i in range(20)]
    assert _reads(names[:2]) == _reads(names)


def test_a_name_is_found_as_sign_up_compares_names_and_the_order_asked_is_kept():
    make_user("alice")
    make_user("bob")
    statuses = APIClient().get("/api/users/status", {"ids": "BOB,nobody,ａｌｉｃｅ"}).json()
    assert [status["name"] for status in statuses] == ["bob", "alice"]


def test_an_account_without_a_profile_is_still_found_by_its_plain_name():
    # As user_by_name: an account made by a raw insert has no normalised name stored.
    raw = make_user("RawInsert")
    Profile.objects.filter(user=raw).delete()
    make_user("carol")
    found = users_by_names(usernames=["rawinsert", "Carol", "nobody", ""])
    assert {name: user.username for name, user in found.items()} == {
        "rawinsert": "RawInsert", "Carol": "carol"}


def test_a_disabled_account_is_not_found():
    gone = make_user("gone")
    gone.is_active = False
    gone.save()
    assert users_by_names(usernames=["gone"]) == {}
