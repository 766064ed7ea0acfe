"""A username equal to an existing one once normalised (NFKC, case-folded), or one that looks
like an existing account's (Cyrillic/Greek letters, 0/o, 1/l), is refused with a clear 400 JSON
error over the API and on the sign-up form, and nothing is created (issue 13, item 4)."""
import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.site_fixtures import PASSWORD, assert_error, db_snapshot, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()

CYRILLIC_E = "\u0435"  # е
GREEK_OMICRON = "\u03bf"  # ο


def signup(client, username):
    return client.post("/api/v1/accounts/signup/", {"username": username, "password": PASSWORD},
                       format="json")


def test_a_full_width_name_is_the_same_name_as_its_ascii_form(anon):
    make_user("rluser6")
    before = db_snapshot()
    assert_error(signup(anon, "ＲＬＵＳＥＲ6"), 400, "username_taken")
    assert db_snapshot() == before


def test_an_existing_full_width_name_blocks_its_ascii_form(anon):
    make_user("ＲＬＵＳＥＲ6")
    before = db_snapshot()
    assert_error(signup(anon, "rluser6"), 400, "username_taken")
    assert db_snapshot() == before


@pytest.mark.parametrize("look_alike", [
    f"{CYRILLIC_E}asy-bot",  # Cyrillic е in place of the Latin e
    f"n{GREEK_OMICRON}rmal-bot",  # Greek ο
    "master-b0t",  # digit zero for o
    "Ｍaster-bоt".replace("о", "\u043e"),  # full-width M and a Cyrillic о
    "h\u00e1rd-bot",  # an accented á
])
def test_look_alikes_of_bot_names_are_refused(anon, look_alike):
    before = db_snapshot()
    body = assert_error(signup(anon, look_alike), 400, "username_confusable")
    assert "bot" in body["detail"]
    assert db_snapshot() == before


def test_a_look_alike_of_a_staff_name_is_refused(anon):
    User.objects.create_user(username="moderator", password=PASSWORD, is_staff=True)
    before = db_snapshot()
    assert_error(signup(anon, f"m{GREEK_OMICRON}derator"), 400, "username_confusable")
    assert_error(signup(anon, "mo\u0501erat0r"), 400, "username_confusable")  # Cyrillic ԁ, 0
    assert db_snapshot() == before


def test_a_distinct_name_in_another_script_is_still_welcome(anon):
    response = signup(anon, "Дмитрий")
    assert response.status_code == 201, response.content


def test_the_sign_up_form_refuses_a_full_width_twin_on_the_username_field():
    make_user("rluser6")
    response = Client().post("/signup/", {"username": "ＲＬＵＳＥＲ6", "password": PASSWORD,
                                          "password_again": PASSWORD})
    assert response.status_code == 400
    assert "That username is taken." in response.content.decode()
    assert User.objects.count() == User.objects.exclude(username="ＲＬＵＳＥＲ6").count()


def test_the_sign_up_form_refuses_a_cyrillic_look_alike_of_a_bot():
    before = User.objects.count()
    response = Client().post("/signup/", {"username": f"{CYRILLIC_E}asy-bot",
                                          "password": PASSWORD, "password_again": PASSWORD})
    assert response.status_code == 400
    assert "looks too much like" in response.content.decode()
    assert User.objects.count() == before
