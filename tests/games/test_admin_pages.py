"""Every model has a working Django admin page (list and detail)."""
import pytest
from django.contrib.auth import get_user_model

from bots.models import Bot
from accounts import services as account_services
from games import services
from accounts.models import ApiToken
from games.models import Challenge, Game, Move
from tests.site_fixtures import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    client.force_login(admin)
    return client


def test_every_model_has_a_list_and_a_detail_page(staff_client, game, alice, bob):
    play(game, "Bb2Cb2")
    services.challenge_create(challenger=alice, opponent=bob, color="white", days_per_move=1)
    account_services.api_token_create(user=alice)
    for model in (Game, Move, Challenge, ApiToken, Bot):
        meta = model._meta
        listing = staff_client.get(f"/admin/{meta.app_label}/{meta.model_name}/")
        assert listing.status_code == 200, meta.label
        obj = model.objects.first()
        detail = staff_client.get(f"/admin/{meta.app_label}/{meta.model_name}/{obj.pk}/change/")
        assert detail.status_code == 200, meta.label


def test_the_token_hash_is_never_shown_in_the_admin(staff_client, alice):
    token, raw = account_services.api_token_create(user=alice)
    page = staff_client.get(f"/admin/accounts/apitoken/{token.pk}/change/").content.decode()
    assert token.key_hash not in page and raw not in page and token.prefix in page
