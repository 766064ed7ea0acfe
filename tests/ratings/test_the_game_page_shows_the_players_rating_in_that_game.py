"""The game page shows each player's rating in the game's own game (variant), and nothing for a
player who never played that game rated."""
import pytest

from games import services
from ratings.models import Rating

pytestmark = pytest.mark.django_db


def test_the_players_ratings_are_those_of_the_games_variant(client, alice, bob):
    Rating.objects.create(user=alice, variant="fiveup", rating=1720, rd=80, games_rated=12)
    Rating.objects.create(user=alice, variant="raumschach", rating=1399, rd=80, games_rated=12)
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, variant="fiveup")
    game = services.challenge_accept(challenge=challenge, user=bob)
    page = client.get(f"/games/{game.public_id}/").content.decode()
    heading = page[page.index('<h1 class="players">'):page.index("</h1>")]
    assert '<span class="player-rating" data-color="white"' in heading and ">1720<" in heading
    assert "1399" not in heading
    assert 'data-color="black"' not in heading and "1500?" not in heading  # bob has none
