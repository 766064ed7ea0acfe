"""The replay page says whether the game has a computer analysis (issue 39), and its script reads
the analysis only then: a game never analysed, or still being played, costs no request and logs
no 404 or 403 on the browser's console (the browser side:
tests/browser/test_every_page_fits_a_phone_and_a_laptop_without_a_console_error.py)."""
import json
import re

import pytest
from django.utils import timezone

from analysis.models import GameAnalysis
from tests.site_fixtures import make_game, play

from .conftest import easy_moves, resign


def _has_analysis(client, game) -> bool:
    html = client.get(f"/games/{game.public_id}/replay/").content.decode()
    context = re.search(r'<script id="game-context" type="application/json">(.*?)</script>', html, re.S)
    return json.loads(context.group(1))["has_analysis"]


@pytest.mark.django_db
def test_a_game_never_analysed_has_none(alice, bob, as_alice, client):
    game = resign(play(make_game(alice, bob), *easy_moves(2)), alice)
    assert _has_analysis(as_alice, game) is False
    assert _has_analysis(client, game) is False


@pytest.mark.django_db
def test_a_game_with_an_analysis_in_any_state_has_one(alice, bob, as_alice, client):
    game = resign(play(make_game(alice, bob), *easy_moves(2)), alice)
    GameAnalysis.objects.create(game=game, requested_by=alice, requested_at=timezone.now(),
                                status="queued")
    assert _has_analysis(as_alice, game) is True
    assert _has_analysis(client, game) is True


@pytest.mark.django_db
def test_a_running_game_is_never_read(alice, bob, as_alice):
    game = play(make_game(alice, bob), *easy_moves(2))
    assert _has_analysis(as_alice, game) is False
