"""Sign-up, log-in, log-out and password change through the HTML forms, via the account
services (same validation and rate limits as the API)."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db
User = get_user_model()


def signup(client, username="dora", password=PASSWORD, again=None):
    return client.post("/signup/", {"username": username, "password": password,
                                    "password_again": again or password})


def test_signing_up_creates_the_account_and_logs_it_in():
    client = Client()
    response = signup(client)
    assert response.status_code == 302 and response["Location"] == "/"
    assert User.objects.filter(username="dora").exists()
    assert b"dora" in client.get("/").content and b"Log out" in client.get("/").content


def test_differing_passwords_are_refused_and_create_nothing():
    response = signup(Client(), again="something-else-entirely-9")
    assert response.status_code == 400
    assert "The two passwords differ." in response.content.decode()
    assert not User.objects.filter(username="dora").exists()


def test_a_taken_username_is_reported_on_the_username_field(alice):
    response = signup(Client(), username="ALICE")
    assert response.status_code == 400
    assert "That username is taken." in response.content.decode()
    assert User.objects.filter(username__iexact="alice").count() == 1


def test_a_weak_password_is_refused():
    response = signup(Client(), password="123")
    assert response.status_code == 400
    assert not User.objects.filter(username="dora").exists()


def test_sign_ups_are_rate_limited_per_address(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": (2, 3600)}
    assert signup(Client(), username="u1").status_code == 302
    assert signup(Client(), username="u2").status_code == 302
    response = signup(Client(), username="u3")
    assert response.status_code == 429
    assert "Too many sign-up attempts from this address" in response.content.decode()
    assert not User.objects.filter(username="u3").exists()


def test_logging_in_with_the_right_password_starts_a_session_and_follows_next(alice):
    client = Client()
    response = client.post("/login/", {"username": "alice", "password": PASSWORD,
                                       "next": "/archive/"})
    assert response.status_code == 302 and response["Location"] == "/archive/"
    assert client.get("/new/").status_code == 200


def test_a_wrong_password_is_refused_without_a_session(alice):
    client = Client()
    response = client.post("/login/", {"username": "alice", "password": "wrong"})
    assert response.status_code == 400
    assert "Unknown username or wrong password." in response.content.decode()
    assert client.get("/new/").status_code == 302


def test_next_may_not_send_the_user_to_another_site(alice):
    response = Client().post("/login/", {"username": "alice", "password": PASSWORD,
                                         "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_log_ins_are_rate_limited(settings, alice):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login": (2, 300)}
    client = Client()
    for _ in range(2):
        client.post("/login/", {"username": "alice", "password": "wrong"})
    response = client.post("/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 429
    assert client.get("/new/").status_code == 302


def test_logging_out_needs_a_post_and_ends_the_session(alice_client):
    assert alice_client.get("/logout/").status_code == 405
    assert alice_client.post("/logout/").status_code == 302
    assert alice_client.get("/new/").status_code == 302


def test_changing_the_password_keeps_this_session_and_needs_the_old_one(alice, alice_client):
    wrong = alice_client.post("/password/", {"old_password": "nope", "new_password": "An0ther-long-phrase",
                                             "new_password_again": "An0ther-long-phrase"})
    assert wrong.status_code == 400
    assert "The current password is not correct." in wrong.content.decode()
    response = alice_client.post("/password/", {
        "old_password": PASSWORD, "new_password": "An0ther-long-phrase",
        "new_password_again": "An0ther-long-phrase"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("An0ther-long-phrase")
    assert alice_client.get("/new/").status_code == 200
