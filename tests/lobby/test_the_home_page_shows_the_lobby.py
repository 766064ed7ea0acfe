"""The home page lists the lobby's seeks with a Play button (Cancel on one's own), and the new
game form posts a seek."""
import pytest

from games.models import Challenge
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db


def test_the_new_game_form_posts_a_seek_that_the_home_page_lists(alice, bob):
    response = logged_in(alice).post("/new/", {
        "opponent_kind": "seek", "color": "black", "days_per_move": "2", "rated": "on",
        "rating_min": "1200", "rating_max": "1900"})
    assert response.status_code == 302, response.content[:500]
    seek = Challenge.objects.get(challenger=alice)
    assert (seek.public, seek.rated, seek.rating_min, seek.rating_max) == (True, True, 1200,
                                                                           1900)
    page = logged_in(bob).get("/").content.decode()
    assert f'data-seek="{seek.pk}"' in page and "new to this game" in page and "1500?" not in page
    assert f'/challenges/{seek.pk}/accept/' in page
    own = logged_in(alice).get("/").content.decode()
    assert f'/challenges/{seek.pk}/cancel/' in own


def test_taking_a_seek_from_the_home_page_opens_the_game(alice, bob):
    from games import services

    seek = services.challenge_create(challenger=alice, opponent=None, color="white",
                                     days_per_move=3, public=True)
    response = logged_in(bob).post(f"/challenges/{seek.pk}/accept/", {"next": "/"})
    seek.refresh_from_db()
    assert response.status_code == 302 and response["Location"] == f"/games/{seek.game.public_id}/"
    assert f'data-seek="{seek.pk}"' not in logged_in(bob).get("/").content.decode()


def test_an_upside_down_range_in_the_form_is_shown_as_an_error(alice):
    response = logged_in(alice).post("/new/", {
        "opponent_kind": "seek", "color": "white", "days_per_move": "2",
        "rating_min": "1900", "rating_max": "1200"})
    assert response.status_code == 400
    assert "rating_min must not be above rating_max" in response.content.decode()
    assert not Challenge.objects.exists()


def test_each_seek_names_its_game_with_a_rules_link_and_its_options(alice, bob):
    from games import services

    services.challenge_create(challenger=alice, opponent=None, color="white", days_per_move=3,
                              public=True, variant="fiveup", variant_options={"castling": True})
    services.challenge_create(challenger=alice, opponent=None, color="black", days_per_move=3,
                              public=True)
    page = logged_in(bob).get("/").content.decode()
    assert '<td data-variant="fiveup"><a href="/rules/fiveup/">Five Up</a> <span class="hint">+ castling</span>' in page
    assert '<td data-variant="raumschach"><a href="/rules/raumschach/">Raumschach</a></td>' in page
