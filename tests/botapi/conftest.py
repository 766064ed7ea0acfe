"""Shared site fixtures (see tests/site_fixtures.py) and Bot API helpers."""
import importlib

import pytest
from rest_framework.test import APIClient

from accounts import services as account_services
from tests.site_fixtures import *  # noqa: F401,F403


def bearer_client(user) -> APIClient:
    """A client sending `Authorization: Bearer <token>`, as lichess clients do."""
    _, raw = account_services.api_token_create(user=user, name="bot api test")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    client.raw_token = raw
    return client


def upgrade(client: APIClient) -> None:
    response = client.post("/api/bot/account/upgrade")
    assert response.status_code == 200, response.content
    assert response.json() == {"ok": True}


@pytest.fixture
def robo(db):
    """An account that has never played, upgraded to an external bot."""
    from tests.site_fixtures import make_user

    user = make_user("robo")
    upgrade(bearer_client(user))
    return user


@pytest.fixture
def as_robo(robo) -> APIClient:
    return bearer_client(robo)


def create_built_in_bots() -> None:
    """The site's built-in bot accounts, as their migration makes them (a transactional test's
    flush deletes the migration's rows, so a test that needs them makes them again)."""
    from django.apps import apps

    importlib.import_module("bots.migrations.0002_create_bot_accounts").create_bots(apps, None)


@pytest.fixture
def built_in_bots(db):
    """The built-in bots, in the test's database: in its transaction, or committed for a test
    marked django_db(transaction=True) (one whose server process must see them)."""
    create_built_in_bots()
