"""Token management: list, create (raw value shown once, only a hash stored), revoke."""
import hashlib

import pytest

from accounts.models import ApiToken
from tests.site_fixtures import assert_error, db_snapshot, token_client

pytestmark = pytest.mark.django_db


def test_a_created_token_is_shown_once_and_stored_only_as_a_hash(as_alice, alice):
    response = as_alice.post("/api/v1/accounts/tokens/", {"name": "my script"}, format="json")
    assert response.status_code == 201
    body = response.json()
    raw = body["token"]
    stored = ApiToken.objects.get(pk=body["id"])
    assert stored.key_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert raw not in str(list(ApiToken.objects.values()))
    listed = as_alice.get("/api/v1/accounts/tokens/").json()
    assert {t["name"] for t in listed} == {"test", "my script"}
    assert all("token" not in t and "key_hash" not in t for t in listed)
    assert body["prefix"] == raw[:8]


def test_a_revoked_token_no_longer_authenticates(alice):
    client = token_client(alice)
    token_id = client.get("/api/v1/accounts/tokens/").json()[0]["id"]
    assert client.delete(f"/api/v1/accounts/tokens/{token_id}/").status_code == 204
    assert_error(client.get("/api/v1/accounts/me/"), 401, "authentication_failed")


def test_one_cannot_revoke_someone_elses_token(as_alice, bob):
    token_client(bob)
    bobs = ApiToken.objects.get(user=bob)
    before = db_snapshot()
    assert_error(as_alice.delete(f"/api/v1/accounts/tokens/{bobs.pk}/"), 404, "not_found")
    assert db_snapshot() == before


def test_a_token_records_when_it_was_last_used(as_alice, alice):
    assert ApiToken.objects.get(user=alice).last_used_at is None
    as_alice.get("/api/v1/accounts/me/")
    assert ApiToken.objects.get(user=alice).last_used_at is not None


def test_token_management_needs_authentication(anon):
    assert_error(anon.get("/api/v1/accounts/tokens/"), 401, "not_authenticated")
    assert_error(anon.post("/api/v1/accounts/tokens/", {}, format="json"), 401,
                 "not_authenticated")
