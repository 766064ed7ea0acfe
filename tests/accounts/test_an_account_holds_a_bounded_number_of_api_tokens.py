"""An account holds at most MAX_API_TOKENS_PER_ACCOUNT (20) tokens (issue 24, finding 7: 25 in
a row were all created), through every way of making one: the tokens endpoint and the
username-and-password exchange. Revoking one makes room."""
import pytest

from accounts.models import ApiToken
from tests.site_fixtures import PASSWORD, assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def test_the_default_cap_stops_the_probes_25_tokens(as_alice, alice, anon, settings):
    assert settings.MAX_API_TOKENS_PER_ACCOUNT == 20
    codes = [as_alice.post("/api/v1/accounts/tokens/", {"name": f"t{i}"},
                           format="json").status_code for i in range(25)]
    assert codes == [201] * 19 + [409] * 6  # the client's own token is the 20th
    before = db_snapshot()
    response = anon.post("/api/v1/accounts/token/", {"username": "alice", "password": PASSWORD},
                         format="json")
    assert_error(response, 409, "too_many_tokens")
    assert db_snapshot() == before
    assert ApiToken.objects.filter(user=alice).count() == 20
    victim = ApiToken.objects.filter(user=alice, name="t0").get()
    assert as_alice.delete(f"/api/v1/accounts/tokens/{victim.pk}/").status_code == 204
    assert as_alice.post("/api/v1/accounts/tokens/", {}, format="json").status_code == 201
