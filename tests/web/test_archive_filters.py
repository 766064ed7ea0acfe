"""The archive lists finished games only, newest first, and its filters (player, opponent,
result, bots or humans, date range) and pagination narrow it as labelled."""
from datetime import datetime, timezone as tz

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.models import Game
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db
User = get_user_model()


def finished(white, black, *, loser, day: int) -> Game:
    """A game `loser` resigned, ended on 2026-03-<day>."""
    game = make_game(white, black)
    services.game_resign(game=game, user=loser)
    Game.objects.filter(pk=game.pk).update(ended_at=datetime(2026, 3, day, 12, tzinfo=tz.utc))
    return game


@pytest.fixture
def games(alice, bob, carol):
    bot = User.objects.get(username="easy-bot")
    return {
        "alice_beats_bob": finished(alice, bob, loser=bob, day=1),
        "bob_beats_alice": finished(bob, alice, loser=alice, day=5),
        "carol_beats_alice": finished(alice, carol, loser=alice, day=10),
        "bot_beats_alice": finished(bot, alice, loser=alice, day=15),
        "bob_beats_carol": finished(carol, bob, loser=carol, day=20),
        "running": make_game(alice, bob),
    }


def listed(**params) -> list[int]:
    response = Client().get("/archive/", params)
    assert response.status_code == 200, response.content[:300]
    return [game.pk for game in response.context["games_page"].rows]


def ids(games, *names) -> list[int]:
    return [games[name].pk for name in names]


def test_without_filters_every_finished_game_is_listed_newest_first(games):
    assert listed() == ids(games, "bob_beats_carol", "bot_beats_alice", "carol_beats_alice",
                           "bob_beats_alice", "alice_beats_bob")


def test_the_player_filter_keeps_that_players_games(games):
    assert listed(player="carol") == ids(games, "bob_beats_carol", "carol_beats_alice")


def test_player_and_opponent_keep_the_games_between_the_two(games):
    assert listed(player="alice", opponent="bob") == ids(games, "bob_beats_alice", "alice_beats_bob")


def test_the_result_filter_by_colour(games):
    assert listed(result="white") == ids(games, "bot_beats_alice", "bob_beats_alice",
                                         "alice_beats_bob")
    assert listed(result="black") == ids(games, "bob_beats_carol", "carol_beats_alice")
    assert listed(result="draw") == []
    empty = Client().get("/archive/", {"result": "draw"}).content.decode()
    assert "No finished games match these filters." in empty and "0 games" in empty


def test_won_and_lost_are_seen_from_the_player(games):
    assert listed(player="alice", result="won") == ids(games, "alice_beats_bob")
    assert listed(player="alice", result="lost") == ids(games, "bot_beats_alice",
                                                        "carol_beats_alice", "bob_beats_alice")


def test_won_without_a_player_is_a_form_error():
    response = Client().get("/archive/", {"result": "won"})
    assert response.status_code == 400
    assert "needs a player" in response.content.decode()


def test_against_bots_or_humans(games):
    assert listed(against="bots") == ids(games, "bot_beats_alice")
    assert listed(player="alice", against="humans") == ids(games, "carol_beats_alice",
                                                           "bob_beats_alice", "alice_beats_bob")


def test_the_date_range_is_inclusive(games):
    assert listed(date_from="2026-03-05", date_to="2026-03-15") == ids(
        games, "bot_beats_alice", "carol_beats_alice", "bob_beats_alice")


def test_a_reversed_date_range_is_a_form_error():
    response = Client().get("/archive/", {"date_from": "2026-03-10", "date_to": "2026-03-01"})
    assert response.status_code == 400
    assert response.context["games_page"] is None


def test_an_unknown_player_is_reported_not_a_crash(games):
    response = Client().get("/archive/", {"player": "nobody"})
    assert response.status_code == 400
    assert "No player named" in response.content.decode()


def test_each_row_links_its_replay(games):
    html = Client().get("/archive/").content.decode()
    for name in ("alice_beats_bob", "bob_beats_carol"):
        assert f'href="/games/{games[name].public_id}/replay/"' in html
    assert f'/games/{games["running"].public_id}/replay/' not in html


def test_pages_hold_twenty_games_and_keep_the_filters(alice, bob):
    for day in range(1, 26):
        finished(alice, bob, loser=bob, day=day)
    first = Client().get("/archive/", {"player": "alice"})
    assert len(first.context["games_page"].rows) == 20
    older = first.context["games_page"].next_cursor
    assert f'href="?player=alice&amp;cursor={older}" rel="next"' in first.content.decode()
    second = Client().get("/archive/", {"player": "alice", "cursor": older})
    assert len(second.context["games_page"].rows) == 5
    newer = second.context["games_page"].previous_cursor
    assert f'href="?player=alice&amp;cursor={newer}" rel="prev"' in second.content.decode()
    back = Client().get("/archive/", {"player": "alice", "cursor": newer})
    assert back.context["games_page"].rows == first.context["games_page"].rows


def test_the_game_filter_lists_that_variants_games_and_names_each_rows_game(games):
    everything = listed()
    assert listed(variant="raumschach") == everything
    Game.objects.filter(pk=games["bob_beats_carol"].pk).update(variant="elsewhere")
    assert games["bob_beats_carol"].pk not in listed(variant="raumschach")
    html = Client().get("/archive/").content.decode()
    assert 'data-variant="raumschach">Raumschach</td>' in html
    assert '<option value="raumschach">Raumschach</option>' in html


def test_an_unknown_game_in_the_filter_is_a_form_error(games):
    response = Client().get("/archive/", {"variant": "chess"})
    assert response.status_code == 400
    assert b"Select a valid choice" in response.content
