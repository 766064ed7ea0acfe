"""/favicon.ico answers (issue 29 item 16: the text export page asked for it and got a 404)."""
import pytest
from django.contrib.staticfiles import finders
from django.test import Client

pytestmark = pytest.mark.django_db


def test_favicon_ico_redirects_to_the_sites_icon():
    response = Client().get("/favicon.ico")
    assert response.status_code == 301
    assert response["Location"].endswith("/games/pieces/unicorn.svg")
    assert finders.find("games/pieces/unicorn.svg")
