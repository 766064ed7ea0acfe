"""POST /api/v1/accounts/password/ and the service behind it."""
import pytest

from tests.site_fixtures import PASSWORD, assert_error, db_snapshot

pytestmark = pytest.mark.django_db
NEW = "another-Long-passphrase-9"


def change(client, old, new):
    return client.post("/api/v1/accounts/password/", {"old_password": old, "new_password": new},
                       format="json")


def test_the_password_changes_and_the_token_keeps_working(as_alice, alice):
    assert change(as_alice, PASSWORD, NEW).status_code == 204
    alice.refresh_from_db()
    assert alice.check_password(NEW)
    assert as_alice.get("/api/v1/accounts/me/").status_code == 200


def test_a_wrong_current_password_is_refused(as_alice):
    before = db_snapshot()
    assert_error(change(as_alice, "not-it", NEW), 400, "wrong_password")
    assert db_snapshot() == before


def test_a_weak_new_password_is_refused(as_alice):
    before = db_snapshot()
    assert_error(change(as_alice, PASSWORD, "abc"), 400, "weak_password")
    assert db_snapshot() == before


def test_a_session_user_stays_logged_in_after_changing_password(client, alice):
    client.force_login(alice)
    response = client.post("/api/v1/accounts/password/",
                           {"old_password": PASSWORD, "new_password": NEW},
                           content_type="application/json")
    assert response.status_code == 204
    assert client.get("/api/v1/accounts/me/").status_code == 200
