"""Every account has a stored normalised username key under a unique constraint, so two
sign-ups of one name in different forms cannot both win a race; accounts made before the key
existed get theirs on migrate (issue 13, item 4)."""
import pytest
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from accounts.models import Profile
from accounts.profiles import profiles_backfill
from accounts.usernames import username_key, username_skeleton
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_keys_fold_width_and_case_and_skeletons_fold_look_alikes():
    assert username_key("ＲＬＵＳＥＲ6") == username_key("RLUser6") == "rluser6"
    assert username_key("\u0435asy-bot") != username_key("easy-bot")
    assert username_skeleton("\u0435asy-bot") == username_skeleton("easy-bot")
    assert username_skeleton("master-b0t") == username_skeleton("master-bot")
    assert username_skeleton("Ian") == username_skeleton("lan")
    assert username_skeleton("alice") != username_skeleton("bob")


def test_every_new_account_gets_its_key(db):
    user = make_user("ＲＬＵＳＥＲ6")
    assert Profile.objects.get(user=user).username_key == "rluser6"


def test_the_bot_accounts_have_keys_after_migrate(db):
    assert Profile.objects.filter(username_key="easy-bot").exists()


def test_the_database_refuses_a_second_account_with_the_same_key(db):
    first = make_user("rluser6")
    second = make_user("other")
    with pytest.raises(IntegrityError), transaction.atomic():
        Profile.objects.filter(user=second).update(username_key=Profile.objects.get(
            user=first).username_key)


def test_a_colliding_account_made_outside_sign_up_keeps_working_without_taking_the_key(db):
    first = make_user("rluser6")
    twin = make_user("RLUSER6")  # e.g. by an admin; the first account keeps the name
    assert Profile.objects.get(user=first).username_key == "rluser6"
    assert Profile.objects.get(user=twin).username_key != "rluser6"


def test_accounts_without_a_key_get_one_oldest_first(db):
    older, newer = make_user("ＲＬＵＳＥＲ6"), make_user("zed")
    Profile.objects.all().delete()
    User.objects.filter(pk=newer.pk).update(username="rluser6")
    assert profiles_backfill(user_model=User, profile_model=Profile) == User.objects.count()
    assert Profile.objects.get(user=older).username_key == "rluser6"
    assert Profile.objects.get(user=newer).username_key.startswith("rluser6#")
