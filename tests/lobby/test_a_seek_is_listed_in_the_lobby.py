"""A public open challenge is a seek: listed with who, rating, colour, days per move and rated,
oldest first; private open challenges and challenges to a person are not listed."""
import pytest

from ratings.models import Rating
from tests.lobby.helpers import post_seek, seek_ids

pytestmark = pytest.mark.django_db


def test_a_posted_seek_is_listed_with_its_terms(anon, as_alice, alice):
    Rating.objects.create(user=alice, rating=1640.4, rd=80)
    created = post_seek(as_alice, color="black", rated=False)
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["public"] is True and body["rated"] is False and body["expires_at"]
    [seek] = anon.get("/api/v1/seeks/").json()
    assert seek["id"] == body["id"]
    assert (seek["username"], seek["rating"], seek["provisional"]) == ("alice", 1640, False)
    assert (seek["color"], seek["days_per_move"], seek["rated"]) == ("black", 3, False)


def test_open_link_challenges_and_challenges_to_a_person_are_not_seeks(anon, as_alice, bob):
    as_alice.post("/api/v1/challenges/", {"opponent": None}, format="json")
    as_alice.post("/api/v1/challenges/", {"opponent": "bob"}, format="json")
    assert seek_ids(anon.get("/api/v1/seeks/")) == []


def test_a_seek_is_rated_unless_asked_otherwise(as_alice):
    assert post_seek(as_alice).json()["rated"] is True


def test_fits_me_lists_only_others_seeks_whose_range_admits_my_rating(as_alice, as_bob, as_carol,
                                                                      carol):
    Rating.objects.create(user=carol, rating=1800, rd=60)
    narrow = post_seek(as_alice, rating_min=1400, rating_max=1600).json()["id"]
    wide = post_seek(as_bob, rating_min=1700).json()["id"]
    mine = post_seek(as_carol).json()["id"]
    assert seek_ids(as_carol.get("/api/v1/seeks/")) == [narrow, wide, mine]
    assert seek_ids(as_carol.get("/api/v1/seeks/?fits_me=1")) == [wide]
    assert seek_ids(as_bob.get("/api/v1/seeks/?fits_me=true")) == [narrow, mine]


def test_fits_me_needs_a_login(anon):
    assert anon.get("/api/v1/seeks/?fits_me=1").status_code == 403
