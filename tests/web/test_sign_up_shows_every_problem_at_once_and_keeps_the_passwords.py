"""Sign-up names every field's problem in one answer and keeps the passwords typed (issue 29
item 8: it showed only the e-mail error while that was invalid, and wiped the passwords)."""
import html

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db


def test_a_taken_name_a_bad_address_and_a_weak_password_are_reported_together(alice):
    accounts = get_user_model().objects.count()
    response = Client().post("/signup/", {"username": "ALICE", "email": "not-an-address",
                                          "password": "123", "password_again": "123"})
    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert "That username is taken." in page
    assert "Enter a valid email address." in page
    assert "This password is too short" in page
    assert get_user_model().objects.count() == accounts


def test_a_refused_sign_up_keeps_both_passwords_typed(alice):
    response = Client().post("/signup/", {"username": "alice", "email": "",
                                          "password": "a-long-Passphrase-7",
                                          "password_again": "a-long-Passphrase-7"})
    page = response.content.decode()
    assert response.status_code == 400
    assert page.count('value="a-long-Passphrase-7"') == 2
