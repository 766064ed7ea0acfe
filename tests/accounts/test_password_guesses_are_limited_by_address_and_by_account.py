"""Every password check (admin log-in, web log-in, token exchange, API password change) is
limited per client address and per account (issue 13, item 3). Guesses spread over many
addresses still run into the account's limit."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.site_fixtures import PASSWORD, assert_error, token_client

pytestmark = pytest.mark.django_db
User = get_user_model()


def address(n: int) -> str:
    return f"198.51.100.{n % 250 + 1}"


@pytest.fixture
def staff(db):
    return User.objects.create_user(username="root", password=PASSWORD, is_staff=True,
                                     is_superuser=True)


def admin_login(client, password, n=0):
    return client.post("/admin/login/?next=/admin/", {"username": "root", "password": password},
                       REMOTE_ADDR=address(n))


def test_admin_login_refuses_the_right_password_after_30_wrong_ones_from_one_address(staff):
    client = Client()
    for _ in range(30):
        admin_login(client, "wrong")
    response = admin_login(client, PASSWORD)
    assert response.status_code != 302
    assert client.get("/admin/").status_code == 302  # still sent to the log-in page


def test_admin_login_guesses_from_many_addresses_hit_the_accounts_limit(staff, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_account": (5, 900)}
    client = Client()
    for n in range(5):
        admin_login(client, "wrong", n)
    response = admin_login(client, PASSWORD, 99)
    assert response.status_code != 302
    # In words, not the scope's name (issue 29 item 16: "Too many login_account attempts").
    assert "Too many failed log-ins to this account; try again in" in response.content.decode()


def test_web_login_guesses_from_many_addresses_hit_the_accounts_limit(alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_account": (5, 900)}
    for n in range(5):
        Client().post("/login/", {"username": "alice", "password": "wrong"}, REMOTE_ADDR=address(n))
    response = Client().post("/login/", {"username": "alice", "password": PASSWORD},
                             REMOTE_ADDR=address(99))
    assert response.status_code == 429


def test_the_accounts_limit_counts_the_name_in_any_case_or_width(alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_account": (2, 900)}
    for n, name in enumerate(["ALICE", "ａｌｉｃｅ"]):
        Client().post("/login/", {"username": name, "password": "wrong"}, REMOTE_ADDR=address(n))
    response = Client().post("/login/", {"username": "alice", "password": PASSWORD},
                             REMOTE_ADDR=address(99))
    assert response.status_code == 429


def test_token_exchange_guesses_from_many_addresses_hit_the_accounts_limit(anon, alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_account": (5, 900)}
    for n in range(5):
        anon.post("/api/v1/accounts/token/", {"username": "alice", "password": "wrong"},
                  format="json", REMOTE_ADDR=address(n))
    assert_error(anon.post("/api/v1/accounts/token/", {"username": "alice", "password": PASSWORD},
                           format="json", REMOTE_ADDR=address(99)), 429, "rate_limited")


def test_api_password_change_is_limited_per_address_across_accounts(alice, bob, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_change": (3, 300)}
    body = {"old_password": "wrong", "new_password": "another-Long-passphrase-9"}
    as_alice, as_bob = token_client(alice), token_client(bob)
    for _ in range(3):
        assert_error(as_alice.post("/api/v1/accounts/password/", body, format="json"),
                     400, "wrong_password")
    assert_error(as_bob.post("/api/v1/accounts/password/", body, format="json"),
                 429, "rate_limited")


def test_a_successful_log_in_uses_none_of_the_accounts_allowance(alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login_account": (1, 900)}
    for n in range(3):
        response = Client().post("/login/", {"username": "alice", "password": PASSWORD},
                                 REMOTE_ADDR=address(n))
        assert response.status_code == 302
