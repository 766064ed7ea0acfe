"""Bad seek input gets a clear 400/403/409 JSON error and changes nothing: an upside-down range,
a range on a non-seek, too many open seeks, taking your own, a taken or an expired seek, a
rating outside the range."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Challenge
from ratings.models import Rating
from tests.lobby.helpers import open_seeks, post_seek, snapshot
from tests.site_fixtures import assert_error

pytestmark = pytest.mark.django_db


def test_an_upside_down_range_is_refused(as_alice):
    before = snapshot()
    assert_error(post_seek(as_alice, rating_min=1800, rating_max=1200), 400, "bad_rating_range")
    assert snapshot() == before


def test_a_range_without_public_is_refused(as_alice):
    before = snapshot()
    response = as_alice.post("/api/v1/challenges/", {"rating_min": 1200}, format="json")
    assert_error(response, 400, "range_needs_seek")
    assert snapshot() == before


def test_a_public_challenge_to_a_person_is_refused(as_alice, bob):
    before = snapshot()
    response = as_alice.post("/api/v1/challenges/", {"opponent": "bob", "public": True},
                             format="json")
    assert_error(response, 400, "public_needs_no_opponent")
    assert snapshot() == before


def test_a_player_has_at_most_a_few_open_seeks(as_alice, settings):
    settings.MAX_OPEN_SEEKS = 2
    post_seek(as_alice), post_seek(as_alice)
    before = snapshot()
    assert_error(post_seek(as_alice), 409, "too_many_seeks")
    assert snapshot() == before and open_seeks() == 2


def test_taking_your_own_seek_is_refused(as_alice):
    seek = post_seek(as_alice).json()
    before = snapshot()
    assert_error(as_alice.post(f"/api/v1/challenges/{seek['id']}/accept/"), 409, "own_seek")
    assert snapshot() == before


def test_a_taken_seek_cannot_be_taken_again(as_alice, as_bob, as_carol):
    seek = post_seek(as_alice).json()
    assert as_bob.post(f"/api/v1/challenges/{seek['id']}/accept/").status_code == 200
    before = snapshot()
    assert_error(as_carol.post(f"/api/v1/challenges/{seek['id']}/accept/"), 409,
                 "challenge_not_pending")
    assert snapshot() == before


def test_an_expired_seek_is_not_listed_and_cannot_be_taken(anon, as_alice, as_bob):
    seek = post_seek(as_alice).json()
    Challenge.objects.filter(pk=seek["id"]).update(expires_at=timezone.now() - timedelta(1))
    assert anon.get("/api/v1/seeks/").json() == []
    before = snapshot()
    assert_error(as_bob.post(f"/api/v1/challenges/{seek['id']}/accept/"), 409, "seek_expired")
    assert snapshot() == before


def test_an_expired_seek_does_not_count_against_the_limit(as_alice, settings):
    settings.MAX_OPEN_SEEKS = 1
    seek = post_seek(as_alice).json()
    Challenge.objects.filter(pk=seek["id"]).update(expires_at=timezone.now() - timedelta(1))
    assert post_seek(as_alice).status_code == 201


def test_a_rating_outside_the_range_cannot_take_the_seek(as_alice, as_bob, bob):
    Rating.objects.create(user=bob, rating=2100, rd=50)
    seek = post_seek(as_alice, rating_max=1700).json()
    before = snapshot()
    assert_error(as_bob.post(f"/api/v1/challenges/{seek['id']}/accept/"), 403,
                 "rating_out_of_range")
    assert snapshot() == before


def test_the_sweep_cancels_expired_seeks_only(as_alice, as_bob):
    from games import services

    old = post_seek(as_alice).json()["id"]
    fresh = post_seek(as_bob).json()["id"]
    Challenge.objects.filter(pk=old).update(expires_at=timezone.now() - timedelta(1))
    assert services.seeks_expire() == 1
    assert Challenge.objects.get(pk=old).status == "cancelled"
    assert Challenge.objects.get(pk=fresh).status == "pending"
