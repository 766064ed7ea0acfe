"""If two sign-ups of one name in different forms pass the check at the same moment, the unique
normalised key lets only one account exist: the other is undone and answered username_taken
(issue 13, item 4). The race is forced by skipping the check for the second sign-up."""
import pytest
from django.contrib.auth import get_user_model

from accounts import services
from accounts.errors import SignupRefused
from accounts.models import Profile
from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_the_second_of_two_racing_sign_ups_is_undone(monkeypatch):
    services.user_signup(username="rluser6", password=PASSWORD, client_ip="192.0.2.1")
    monkeypatch.setattr(services, "username_check_free", lambda **kwargs: None)
    with pytest.raises(SignupRefused) as refused:
        services.user_signup(username="ＲＬＵＳＥＲ6", password=PASSWORD, client_ip="192.0.2.2")
    assert refused.value.code == "username_taken"
    assert list(User.objects.filter(username__iexact="rluser6").values_list("username", flat=True)) == ["rluser6"]
    assert Profile.objects.filter(username_key__startswith="rluser6").count() == 1
