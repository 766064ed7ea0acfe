"""The leaderboard has a page per game (/leaderboard/<game>/, the API's ?variant= leads there),
a selector of the four, an overview of each game's best, and lists provisional players apart
so a newcomer finds their rating after one game."""
from datetime import timedelta

import pytest
from django.utils import timezone

from ratings.models import Rating
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db

GAMES = {"raumschach": "Raumschach", "fiveup": "Five Up", "hexraumschach": "Hexagonal Raumschach",
         "startrek": "Star Trek 3D chess"}


def rating(user, variant, value, *, rd=60):
    Rating.objects.create(user=user, variant=variant, rating=value, rd=rd, games_rated=20,
                          rated_at=timezone.now() - timedelta(days=1))


def test_each_game_has_its_own_board(client):
    rating(make_user("fiver"), "fiveup", 1888)
    rating(make_user("trekker"), "startrek", 1777)
    five = client.get("/leaderboard/fiveup/").content.decode()
    assert "fiver" in five and "trekker" not in five and "1888" in five
    trek = client.get("/leaderboard/startrek/").content.decode()
    assert "trekker" in trek and "fiver" not in trek


def test_every_page_offers_the_four_games(client):
    for url in ["/leaderboard/", *(f"/leaderboard/{key}/" for key in GAMES)]:
        page = client.get(url).content.decode()
        nav = page[page.index('class="game-tabs"'):page.index("</nav>", page.index('class="game-tabs"'))]
        for key, name in GAMES.items():
            assert f'href="/leaderboard/{key}/"' in nav and name in nav, (url, key)


def test_the_overview_shows_each_games_best(client):
    Rating.objects.filter(variant="startrek").delete()  # the bots' measured starting points
    rating(make_user("fiver"), "fiveup", 1888)
    page = client.get("/leaderboard/").content.decode()
    five = page[page.index('id="board-fiveup"'):]
    assert "fiver" in five[:five.index("</section>")]
    assert "Nobody has a settled rating in Star Trek 3D chess yet" in page


def test_the_query_form_leads_to_the_games_page(client):
    response = client.get("/leaderboard/?variant=hexraumschach")
    assert response.status_code == 302 and response["Location"] == "/leaderboard/hexraumschach/"


def test_an_unknown_game_is_a_404_page(client):
    for url in ("/leaderboard/chess/", "/leaderboard/?variant=chess"):
        response = client.get(url)
        assert response.status_code == 404 and "No such game" in response.content.decode()


def test_a_provisional_player_is_listed_apart_unranked(client):
    rating(make_user("settled"), "fiveup", 1600)
    rating(make_user("newcomer"), "fiveup", 1662, rd=290)
    page = client.get("/leaderboard/fiveup/").content.decode()
    ranked = page[page.index('id="leaderboard"'):page.index("</table>")]
    assert "settled" in ranked and "newcomer" not in ranked
    provisional = page[page.index('id="leaderboard-provisional"'):]
    assert "newcomer" in provisional and "1662?" in provisional
