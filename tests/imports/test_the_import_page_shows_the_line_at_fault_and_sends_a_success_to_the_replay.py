"""The "Import a game" page (/import/, linked from the archive): for account holders; a
refused record is shown again with the error and the line at fault; an imported one opens
its replay page, which names the record's players and says it was imported. An imported
game's play page leads to its replay, and the archive marks it."""
import pytest
from django.test import Client

from games.models import Game
from tests.site_fixtures import db_snapshot

pytestmark = pytest.mark.django_db

GOOD = '[White "Ferdinand"]\n[Black "Maack"]\n\n1. Bb2-Cb2 Dc4-Dc3\n2. NAb1-Aa3 0-1\n'
BAD = '[White "Ferdinand"]\n[Black "Maack"]\n\n1. Bb2-Cb2 Dc4-Dc3\n2. NAb1-Ab3 0-1\n'


@pytest.fixture
def browser(alice) -> Client:
    client = Client()
    client.force_login(alice)
    return client


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.get("/import/")
    assert response.status_code == 302 and response["Location"].startswith("/login/?next=/import/")


def test_a_record_is_imported_and_its_replay_opens(browser):
    assert browser.get("/import/").status_code == 200
    response = browser.post("/import/", {"text": GOOD})
    game = Game.objects.get(imported=True)
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.public_id}/replay/"
    page = browser.get(response["Location"]).content.decode()
    assert "Ferdinand" in page and "Maack" in page and "imported-badge" in page
    assert "imported:white" not in page
    play = browser.get(f"/games/{game.public_id}/")
    assert play.status_code == 302 and play["Location"] == f"/games/{game.public_id}/replay/"
    archive = browser.get("/archive/").content.decode()
    assert "imported-badge" in archive and 'href="/import/"' in archive
    assert "imported:white" not in archive


def test_a_refused_record_is_shown_with_its_line_and_nothing_is_stored(browser):
    before = db_snapshot()
    response = browser.post("/import/", {"text": BAD})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Line 5: 2. NAb1-Ab3 is illegal" in page
    assert "2. NAb1-Ab3 0-1</pre>" in page  # the line at fault, quoted
    assert "Ferdinand" in page  # the record is kept in the box to be corrected
    assert db_snapshot() == before
