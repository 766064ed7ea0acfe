"""Caps that stop one account flooding the site: pending challenges, API tokens, and
challenges to disabled accounts."""
import pytest

from accounts.models import ApiToken
from games.models import Challenge
from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def test_too_many_pending_challenges_are_refused_with_409(as_alice, bob, monkeypatch):
    monkeypatch.setattr("games.services.challenges.MAX_PENDING_CHALLENGES", 2)
    for _ in range(2):
        assert as_alice.post("/api/v1/challenges/", {"opponent": "bob"},
                             format="json").status_code == 201
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/challenges/", {"opponent": "bob"}, format="json"),
                 409, "too_many_challenges")
    assert db_snapshot() == before and Challenge.objects.count() == 2


def test_too_many_tokens_are_refused_with_409(as_alice, alice, settings):
    settings.MAX_API_TOKENS_PER_ACCOUNT = 2
    assert as_alice.post("/api/v1/accounts/tokens/", {}, format="json").status_code == 201
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/accounts/tokens/", {}, format="json"), 409,
                 "too_many_tokens")
    assert db_snapshot() == before and ApiToken.objects.filter(user=alice).count() == 2


def test_a_disabled_account_cannot_be_challenged(as_alice, bob):
    bob.is_active = False
    bob.save()
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/challenges/", {"opponent": "bob"}, format="json"),
                 400, "unknown_user")
    assert db_snapshot() == before
