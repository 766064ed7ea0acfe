"""A profile shows a rating panel per game the player played rated (its rating, chart and
won/drawn/lost), none for a game never played rated; a bot's profile shows each game's."""
import re

import pytest

from games import services
from ratings.models import Rating
from tests.bots.conftest import bot_user

pytestmark = pytest.mark.django_db


def rated_win(winner, loser, variant: str):
    challenge = services.challenge_create(challenger=winner, opponent=loser, color="white",
                                          days_per_move=None, rated=True, variant=variant)
    game = services.challenge_accept(challenge=challenge, user=loser)
    services.game_resign(game=game, user=loser)
    return game


def panel(page: str, key: str) -> str:
    start = page.index(f'id="rating-{key}"')
    return page[start:page.index("</section>", start)]


def test_each_game_played_rated_has_its_panel_and_chart(client, alice, bob):
    fiveup = [rated_win(alice, bob, "fiveup"), rated_win(alice, bob, "fiveup")]
    trek = rated_win(bob, alice, "startrek")
    page = client.get("/players/alice/").content.decode()
    assert 'id="rating-raumschach"' not in page and 'id="rating-hexraumschach"' not in page
    five, star = panel(page, "fiveup"), panel(page, "startrek")
    assert "Five Up" in five and "Star Trek" in star
    assert re.search(r"2 rated games ·\s*<strong>2</strong> won", five)
    assert "<strong>1</strong> lost" in star
    for game in fiveup:
        assert f'href="/games/{game.public_id}/"' in five
    assert f'href="/games/{trek.public_id}/"' in star and fiveup[0].public_id not in star
    five_rating = Rating.objects.get(user=alice, variant="fiveup")
    assert f'id="rating-value-fiveup">{round(five_rating.rating)}?<' in five
    assert 'href="/leaderboard/fiveup/"' in five
    assert "1500?" not in page  # no starting rating for the games never played


def test_a_bots_profile_shows_its_rated_games_in_every_game(client, alice):
    bot = bot_user(3)
    for variant in ("fiveup", "hexraumschach", "startrek"):
        game = services.challenge_create(challenger=alice, opponent=bot, color="white",
                                         days_per_move=None, rated=True, variant=variant).game
        services.game_resign(game=game, user=alice)
    page = client.get(f"/players/{bot.username}/").content.decode()
    for key in ("fiveup", "hexraumschach", "startrek"):
        assert re.search(r"1 rated game ·\s*<strong>1</strong> won", panel(page, key)), key
