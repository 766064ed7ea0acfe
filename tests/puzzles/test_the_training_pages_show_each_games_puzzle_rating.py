"""/training/ lists the four games with their puzzle counts and the player's puzzle rating in
each; /training/<variant>/ is the solving page of that game (its board's descriptor and the
API's addresses embedded); an unknown game is a 404 page; the header links to it."""
import pytest

from puzzles.models import PuzzleRating
from tests.puzzles.lines import make_puzzle

pytestmark = pytest.mark.django_db


def test_the_chooser_shows_counts_and_ratings(client, alice):
    make_puzzle("fiveup", seed=1)
    make_puzzle("fiveup", seed=2)
    PuzzleRating.objects.create(user=alice, variant="fiveup", rating=1612.4, rd=80, attempts=7, solved=5)
    client.force_login(alice)
    html = client.get("/training/").content.decode()
    for name in ("Raumschach", "Five Up", "Hexagonal Raumschach", "Star Trek"):
        assert name in html
    assert "2 puzzles" in html and "0 puzzles" in html
    assert "Your puzzle rating: 1612 (5 solved of 7)" in html
    assert 'href="/training/"' in html  # the header's link


def test_the_solving_page_and_an_unknown_game(client):
    page = client.get("/training/hexraumschach/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="puzzle-context"' in html and 'id="variant-descriptor"' in html
    assert "/api/v1/puzzles/next/" in html
    assert client.get("/training/chess/").status_code == 404
