"""A rated game never takes a move back: the offer is refused with its own code (403
takeback_rated) over the service and the API, and nothing changes."""
import pytest

from games import services
from games.errors import NotAllowed
from games.models import Game
from tests.site_fixtures import assert_error, db_snapshot, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(game):
    Game.objects.filter(pk=game.pk).update(rated=True)
    game.refresh_from_db()
    return play(game, "Bb2Cb2", "Dc4Dc3")


def test_the_service_refuses_an_offer_in_a_rated_game(rated, alice):
    before = db_snapshot()
    with pytest.raises(NotAllowed) as caught:
        services.game_takeback(game=rated, user=alice, action="offer")
    assert caught.value.code == "takeback_rated"
    assert db_snapshot() == before


def test_the_api_refuses_an_offer_in_a_rated_game(rated, as_bob):
    before = db_snapshot()
    response = as_bob.post(f"/api/v1/games/{rated.public_id}/takeback/", {"action": "offer"},
                           format="json")
    assert_error(response, 403, "takeback_rated")
    assert db_snapshot() == before
