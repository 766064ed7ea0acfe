"""Shared site fixtures (see tests/site_fixtures.py) plus logged-in Django test clients."""
import json

import pytest
from django.test import Client

from tests.site_fixtures import *  # noqa: F401,F403


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def embedded_json(response, element_id: str):
    """The JSON a page embeds with json_script under `element_id`."""
    html = response.content.decode()
    marker = f'<script id="{element_id}" type="application/json">'
    start = html.index(marker) + len(marker)
    return json.loads(html[start:html.index("</script>", start)])


@pytest.fixture
def alice_client(alice) -> Client:
    return logged_in(alice)


@pytest.fixture
def bob_client(bob) -> Client:
    return logged_in(bob)
