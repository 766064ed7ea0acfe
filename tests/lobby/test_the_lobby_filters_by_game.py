"""The home page's lobby filters seeks by game (?variant=, one link per game), shows a
seeker's rating in the seek's game, and says "new to this game" rather than a starting
"1500?"."""
import pytest

from games import services
from ratings.models import Rating
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db


def seek(user, variant):
    return services.challenge_create(challenger=user, opponent=None, color="white",
                                     days_per_move=3, public=True, variant=variant)


def lobby(page: str) -> str:
    return page[page.index('id="lobby"'):]


def test_one_games_seeks_only(alice, bob):
    five, trek = seek(alice, "fiveup"), seek(alice, "startrek")
    client = logged_in(bob)
    everything = lobby(client.get("/").content.decode())
    assert f'data-seek="{five.pk}"' in everything and f'data-seek="{trek.pk}"' in everything
    only_five = lobby(client.get("/?variant=fiveup").content.decode())
    assert f'data-seek="{five.pk}"' in only_five and f'data-seek="{trek.pk}"' not in only_five
    assert 'href="/?variant=fiveup#lobby" data-variant="fiveup" aria-current="page"' in only_five
    for key in ("raumschach", "fiveup", "hexraumschach", "startrek"):
        assert f'href="/?variant={key}#lobby"' in only_five


def test_an_empty_game_invites_a_seek_of_it(bob):
    page = lobby(logged_in(bob).get("/?variant=hexraumschach").content.decode())
    assert "Nobody is waiting for a game of Hexagonal Raumschach." in page
    assert 'href="/new/?variant=hexraumschach"' in page


def test_an_unknown_game_shows_every_seek(alice, bob):
    five = seek(alice, "fiveup")
    response = logged_in(bob).get("/?variant=chess")
    assert response.status_code == 200 and f'data-seek="{five.pk}"' in response.content.decode()


def test_the_seekers_rating_is_the_one_in_the_seeks_game(alice, bob):
    Rating.objects.create(user=alice, variant="fiveup", rating=1777, rd=60, games_rated=30)
    five, trek = seek(alice, "fiveup"), seek(alice, "startrek")
    page = lobby(logged_in(bob).get("/").content.decode())
    five_row = page[page.index(f'data-seek="{five.pk}"'):]
    trek_row = page[page.index(f'data-seek="{trek.pk}"'):]
    assert "1777" in five_row[:five_row.index("</tr>")]
    trek_row = trek_row[:trek_row.index("</tr>")]
    assert "new to this game" in trek_row and "1777" not in trek_row and "1500" not in trek_row
