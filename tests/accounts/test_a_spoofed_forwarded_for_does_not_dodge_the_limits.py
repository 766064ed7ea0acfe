"""Behind the reverse proxy (TRUSTED_PROXY_COUNT=1) the client counted is the address the proxy
appended to X-Forwarded-For, never the entries the client wrote itself (issue 24, finding 1):
the probe's `198.51.100.<i>, 203.0.113.7` header, a new left-most entry per request, used to
be counted as a new client every time. Two clients behind the proxy still have a limit each."""
import pytest

from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"


def via_proxy(client, path, data, spoofed: str, real: str):
    return client.post(path, data, format="json", REMOTE_ADDR=PROXY,
                       HTTP_X_FORWARDED_FOR=f"{spoofed}, {real}")


@pytest.fixture
def behind_one_proxy(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "token": (20, 300), "signup": (10, 3600)}


def test_wrong_passwords_with_a_new_spoofed_address_each_time_are_limited(
        anon, alice, behind_one_proxy):
    codes = []
    for i in range(30):
        # a different account each time: only the per-address limit can stop this
        codes.append(via_proxy(anon, "/api/v1/accounts/token/",
                               {"username": f"nobody{i}", "password": "wrong"},
                               spoofed=f"198.51.100.{i}", real="203.0.113.7").status_code)
    assert codes[:20] == [401] * 20
    assert codes[20:] == [429] * 10
    # another client behind the same proxy has its own allowance
    response = via_proxy(anon, "/api/v1/accounts/token/",
                         {"username": "alice", "password": PASSWORD},
                         spoofed="198.51.100.99", real="203.0.113.8")
    assert response.status_code == 200


def test_sign_ups_with_a_new_spoofed_address_each_time_are_limited(anon, behind_one_proxy):
    codes = [via_proxy(anon, "/api/v1/accounts/signup/",
                       {"username": f"spoof{i}", "password": PASSWORD},
                       spoofed=f"198.51.100.{i}", real="203.0.113.7").status_code
             for i in range(15)]
    assert codes == [201] * 10 + [429] * 5
    response = via_proxy(anon, "/api/v1/accounts/signup/",
                         {"username": "honest", "password": PASSWORD},
                         spoofed="198.51.100.1", real="203.0.113.8")
    assert response.status_code == 201
