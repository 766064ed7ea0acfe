"""The archive's player filters take the start of a name: one that starts a single name finds
that player's games; one that starts several offers each as a link; names are suggested by
GET /api/v1/users/?prefix= (case-folded, active accounts, at most ten)."""
import pytest

from games import services
from tests.site_fixtures import make_game, make_user

pytestmark = pytest.mark.django_db


def finished(white, black):
    game = make_game(white, black)
    services.game_resign(game=game, user=black)
    return game


def test_a_prefix_of_one_name_finds_that_players_games(client):
    annie, bob = make_user("annie"), make_user("bob")
    game = finished(annie, bob)
    response = client.get("/archive/?player=ANN")
    page = response.content.decode()
    assert response.status_code == 200 and f'data-game="{game.public_id}"' in page
    assert 'value="annie"' in page  # the field now shows the whole name


def test_a_prefix_of_several_names_offers_each(client):
    make_user("anna"), make_user("annie"), make_user("bob")
    response = client.get("/archive/?player=ann&result=white")
    page = response.content.decode()
    assert response.status_code == 400
    choices = page[page.index('class="panel name-choices"'):]
    assert 'href="?player=anna&amp;result=white"' in choices
    assert 'href="?player=annie&amp;result=white"' in choices and "bob" not in choices
    assert 'id="archive-games"' not in page


def test_a_name_nobody_starts_with_is_still_refused(client):
    make_user("anna")
    response = client.get("/archive/?player=zed")
    assert response.status_code == 400 and "No player named" in response.content.decode()


def test_the_exact_name_wins_over_longer_ones(client):
    ann, annie = make_user("ann"), make_user("annie")
    game = finished(annie, ann)
    page = client.get("/archive/?player=ann").content.decode()
    assert f'data-game="{game.public_id}"' in page and "name-choices" not in page


def test_the_suggestions_endpoint(anon):
    for name in ("anna", "annie", "Annabel", "bob"):
        make_user(name)
    gone = make_user("annette")
    gone.is_active = False
    gone.save()
    body = anon.get("/api/v1/users/?prefix=AN").json()
    assert [row["username"] for row in body] == ["anna", "Annabel", "annie"]
    assert anon.get("/api/v1/users/?prefix=").status_code == 400
    assert anon.get("/api/v1/users/").status_code == 400
    assert anon.get("/api/v1/users/?prefix=a&x=1").status_code == 400


def test_at_most_ten_suggestions(anon):
    for number in range(12):
        make_user(f"player{number:02d}")
    assert len(anon.get("/api/v1/users/?prefix=player").json()) == 10
