"""An admin adding an account meets the sign-up name rules: a full-width twin or a look-alike of
a bot name is a form error, not a second account (issue 13, item 4)."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.site_fixtures import PASSWORD, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def admin_client(db):
    client = Client()
    client.force_login(User.objects.create_superuser("root", password=PASSWORD))
    return client


def add(client, username):
    return client.post("/admin/auth/user/add/", {
        "username": username, "usable_password": "true",
        "password1": "An0ther-long-phrase", "password2": "An0ther-long-phrase"})


@pytest.mark.parametrize("username, message", [
    ("ＲＬＵＳＥＲ6", "already exists"),  # Django's own check, after the form's NFKC
    ("\u0435asy-bot", "looks too much like"),
])
def test_a_twin_or_look_alike_is_a_form_error(admin_client, username, message):
    make_user("rluser6")
    before = User.objects.count()
    response = add(admin_client, username)
    assert response.status_code == 200 and message in response.content.decode()
    assert User.objects.count() == before


def test_a_distinct_name_is_added(admin_client):
    assert add(admin_client, "dora").status_code == 302
    assert User.objects.filter(username="dora").exists()
