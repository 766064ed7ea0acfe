"""Every form carries Django's CSRF token, pages give scripts the token for API calls, and a
POST without it is refused without changing anything."""
import re

import pytest
from django.test import Client

from games.models import Challenge
from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db


def csrf_client(user=None) -> Client:
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


@pytest.mark.parametrize("url", ["/signup/", "/login/"])
def test_account_forms_carry_a_csrf_token(url):
    html = csrf_client().get(url).content.decode()
    assert re.search(r'name="csrfmiddlewaretoken" value="[^"]+"', html)


@pytest.mark.parametrize("url", ["/new/", "/password/", "/"])
def test_logged_in_forms_and_the_page_meta_carry_a_csrf_token(url, alice):
    html = csrf_client(alice).get(url).content.decode()
    assert re.search(r'<meta name="csrf-token" content="[^"]+">', html)
    assert 'name="csrfmiddlewaretoken"' in html  # at least the log-out form


def test_a_login_post_without_the_token_is_refused(alice):
    response = csrf_client().post("/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 403


def test_a_challenge_post_without_the_token_creates_nothing(alice, bob):
    response = csrf_client(alice).post("/new/", {"opponent_kind": "user", "username": "bob",
                                                 "color": "random", "days_per_move": "3"})
    assert response.status_code == 403
    assert not Challenge.objects.exists()


def test_a_challenge_post_with_the_token_goes_through(alice, bob):
    client = csrf_client(alice)
    html = client.get("/new/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = client.post("/new/", {"opponent_kind": "user", "username": "bob", "color": "random",
                                     "days_per_move": "3", "csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert Challenge.objects.get().opponent == bob


def test_the_api_accepts_a_session_move_with_the_pages_csrf_header(alice, game):
    client = csrf_client(alice)
    html = client.get(f"/games/{game.public_id}/").content.decode()
    token = re.search(r'<meta name="csrf-token" content="([^"]+)">', html).group(1)
    url = f"/api/v1/games/{game.public_id}/moves/"
    refused = client.post(url, {"move": "Bb2Cb2", "ply": 0}, content_type="application/json")
    assert refused.status_code == 403
    accepted = client.post(url, {"move": "Bb2Cb2", "ply": 0}, content_type="application/json",
                           headers={"X-CSRFToken": token})
    assert accepted.status_code == 201, accepted.content
    game.refresh_from_db()
    assert game.ply == 1
