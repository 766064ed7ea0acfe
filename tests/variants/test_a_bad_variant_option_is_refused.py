"""Game options are the variant's: one it does not declare, or options that are not an
object, are a 400 `bad_variant_option` with nothing stored."""
import pytest

from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("options, code", [
    ({"castling": True}, "bad_variant_option"),  # Raumschach has no options
    ({"no_such_option": 1}, "bad_variant_option"),
])
def test_an_option_the_variant_does_not_declare_is_refused(as_alice, bob, options, code):
    before = db_snapshot()
    assert_error(as_alice.post("/api/v1/challenges/", {"opponent": "bob", "variant": "raumschach",
                                                       "variant_options": options},
                               format="json"), 400, code)
    assert db_snapshot() == before


def test_options_that_are_not_an_object_are_refused(as_alice, bob):
    before = db_snapshot()
    response = as_alice.post("/api/v1/challenges/", {"opponent": "bob",
                                                     "variant_options": ["castling"]},
                             format="json")
    assert response.status_code == 400
    assert db_snapshot() == before
