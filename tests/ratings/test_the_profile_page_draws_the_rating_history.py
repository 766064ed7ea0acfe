"""The profile page shows the rating (provisional mark), the rated record and peak, and draws
the history as an SVG made on the server; the history API lists every change."""
import re

import pytest

from games import services
from ratings.models import Rating
from tests.ratings.helpers import rate_by_challenge

pytestmark = pytest.mark.django_db


def win(winner, loser):
    game = rate_by_challenge(winner, loser)
    services.game_resign(game=game, user=loser)
    return game


def test_a_new_player_shows_no_rating_and_no_chart(client, alice):
    page = client.get("/players/alice/").content.decode()
    assert "1500?" not in page and "No rated games yet" in page and "<svg" not in page


def test_the_chart_has_a_point_per_rated_game_linked_to_it(client, alice, bob):
    games = [win(alice, bob), win(alice, bob), win(bob, alice)]
    page = client.get("/players/alice/").content.decode()
    svg = page[page.index('<svg id="rating-chart-raumschach"'):page.index("</svg>")]
    points = re.search(r'<polyline points="([^"]+)"', svg).group(1).split()
    assert len(points) == 4  # the start and one per game
    ys = [float(p.split(",")[1]) for p in points]
    assert ys[1] < ys[0] and ys[2] < ys[1] and ys[3] > ys[2]  # up, up, down (SVG y grows down)
    for game in games:
        assert f'href="/games/{game.public_id}/"' in svg
    assert 'id="rated-record-raumschach"' in page and "<strong>2</strong> won" in page


def test_the_peak_counts_only_settled_ratings(client, alice):
    Rating.objects.create(user=alice, rating=1750, rd=70, peak=1820, games_rated=30)
    page = client.get("/players/alice/").content.decode()
    assert 'id="rating-peak-raumschach">1820<' in page
    assert 'id="rating-value-raumschach">1750<' in page


def test_the_history_api_lists_every_change_oldest_first(anon, alice, bob):
    first, second = win(alice, bob), win(bob, alice)
    body = anon.get("/api/v1/users/alice/rating-history/").json()
    assert [row["game"] for row in body] == [first.public_id, second.public_id]
    assert body[0]["rating_after"] > body[0]["rating_before"] == 1500
    assert body[1]["rating_before"] == body[0]["rating_after"]
    assert anon.get("/api/v1/users/nobody/rating-history/").status_code == 404
