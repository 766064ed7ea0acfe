"""A stranger guessing an account's password runs into the account's limit, but the owner,
on a browser that has logged in before (a signed "known device" cookie), still gets in: the
limit slows the guesser without refusing the owner (issue 13, item 3)."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db
User = get_user_model()
COOKIE = "rs_known_device"


@pytest.fixture
def under_attack(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_account": (3, 900)}

    def attack(username: str, url: str = "/login/") -> None:
        for n in range(5):
            Client().post(url, {"username": username, "password": "wrong"},
                          REMOTE_ADDR=f"203.0.113.{n + 1}")
    return attack


def owners_browser(username: str, url: str = "/login/") -> Client:
    """A browser the owner logged in with before (and logged out of)."""
    client = Client()
    response = client.post(url, {"username": username, "password": PASSWORD})
    assert response.status_code == 302
    assert COOKIE in response.cookies and response.cookies[COOKIE]["httponly"]
    client.post("/logout/")
    return client


def test_the_owner_logs_in_on_the_web_while_a_stranger_is_refused(alice, under_attack):
    browser = owners_browser("alice")
    under_attack("alice")
    stranger = Client().post("/login/", {"username": "alice", "password": PASSWORD},
                             REMOTE_ADDR="192.0.2.200")
    assert stranger.status_code == 429
    assert browser.post("/login/", {"username": "alice", "password": PASSWORD}).status_code == 302


def test_the_owner_logs_in_to_the_admin_while_a_stranger_is_refused(under_attack):
    User.objects.create_user(username="root", password=PASSWORD, is_staff=True)
    browser = owners_browser("root", "/admin/login/?next=/admin/")
    under_attack("root", "/admin/login/?next=/admin/")
    stranger = Client()
    stranger.post("/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD})
    assert stranger.get("/admin/").status_code == 302
    response = browser.post("/admin/login/?next=/admin/",
                            {"username": "root", "password": PASSWORD})
    assert response.status_code == 302 and browser.get("/admin/").status_code == 200


def test_the_owners_browser_gets_a_token_while_a_stranger_is_refused(alice, under_attack):
    browser = owners_browser("alice")
    under_attack("alice")
    body = {"username": "alice", "password": PASSWORD}
    assert Client().post("/api/v1/accounts/token/", body,
                         content_type="application/json").status_code == 429
    assert browser.post("/api/v1/accounts/token/", body,
                        content_type="application/json").status_code == 200


def test_a_cookie_for_another_account_or_a_forged_one_does_not_help(alice, bob, under_attack):
    browser = owners_browser("bob")
    under_attack("alice")
    assert browser.post("/login/", {"username": "alice", "password": PASSWORD}).status_code == 429
    forged = Client()
    forged.cookies[COOKIE] = "alice"
    assert forged.post("/login/", {"username": "alice", "password": PASSWORD}).status_code == 429
