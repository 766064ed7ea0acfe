"""A game is analysed once: asking again answers the stored analysis (200, no new job, not
counted against the caps); a member of staff asking has it redone."""
import pytest

from analysis.models import GameAnalysis
from core import background
from tests.site_fixtures import token_client

from .conftest import queen_blunder_game

pytestmark = pytest.mark.django_db(transaction=True)
URL = "/api/v1/games/{}/analysis/"


def test_a_second_request_answers_the_stored_analysis(alice, bob, as_alice, as_bob,
                                                       monkeypatch):
    game = queen_blunder_game(alice, bob)
    assert as_alice.post(URL.format(game.public_id)).status_code == 202
    assert background.wait_until_idle(120)
    finished = GameAnalysis.objects.get(game=game).finished_at
    queued = []
    monkeypatch.setattr(background, "submit", lambda *a, **k: queued.append(a))
    for client in (as_alice, as_bob):
        again = client.post(URL.format(game.public_id))
        assert again.status_code == 200 and again.json()["status"] == "done"
    assert queued == []
    assert GameAnalysis.objects.get(game=game).finished_at == finished


def test_staff_has_it_redone(alice, bob, staff, as_alice):
    game = queen_blunder_game(alice, bob)
    assert as_alice.post(URL.format(game.public_id)).status_code == 202
    assert background.wait_until_idle(120)
    first = GameAnalysis.objects.get(game=game).finished_at
    assert token_client(staff).post(URL.format(game.public_id)).status_code == 202
    assert background.wait_until_idle(120)
    row = GameAnalysis.objects.get(game=game)
    assert row.status == "done" and row.requested_by == staff and row.finished_at > first
    assert GameAnalysis.objects.filter(game=game).count() == 1
