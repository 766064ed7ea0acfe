"""The new-game page challenges a user by name, makes an open link, or starts a bot game at
once; the home and challenge pages accept, decline and cancel."""
import html

import pytest
from django.contrib.auth import get_user_model
from engine.search import LEVELS

from games.models import Challenge, Game
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db
User = get_user_model()


def new_game(client, **fields):
    data = {"opponent_kind": "user", "username": "", "color": "random", "days_per_move": "3"}
    data.update(fields)
    return client.post("/new/", data)


def test_challenging_a_user_by_name_shows_on_both_home_pages(alice_client, bob_client, bob):
    response = new_game(alice_client, username="bob", color="white")
    assert response.status_code == 302 and response["Location"] == "/"
    challenge = Challenge.objects.get()
    assert (challenge.opponent, challenge.color, challenge.days_per_move) == (bob, "white", 3)
    assert challenge.pk in alice_client.get("/").content.decode()
    bob_home = bob_client.get("/").content.decode()
    assert f"/challenges/{challenge.pk}/accept/" in bob_home
    assert f"/challenges/{challenge.pk}/decline/" in bob_home


def test_an_unknown_name_is_reported_and_nothing_is_created(alice_client):
    response = new_game(alice_client, username="nobody")
    assert response.status_code == 400
    assert "No player named" in response.content.decode()
    assert not Challenge.objects.exists()


def test_challenging_yourself_is_refused(alice_client):
    response = new_game(alice_client, username="alice")
    assert response.status_code == 400
    assert "You cannot challenge yourself." in response.content.decode()
    assert not Challenge.objects.exists()


def test_a_user_challenge_needs_a_name(alice_client):
    response = new_game(alice_client, username="  ")
    assert response.status_code == 400
    assert not Challenge.objects.exists()


def test_an_unknown_time_control_is_refused(alice_client, bob):
    response = new_game(alice_client, username="bob", days_per_move="4")
    assert response.status_code == 400
    assert not Challenge.objects.exists()


def test_no_time_limit_is_a_choice(alice_client, bob):
    new_game(alice_client, username="bob", days_per_move="")
    assert Challenge.objects.get().days_per_move is None


def test_an_open_challenge_shows_its_link_and_anyone_can_accept_it(alice_client, carol):
    response = new_game(alice_client, opponent_kind="open", color="black")
    challenge = Challenge.objects.get()
    assert challenge.opponent is None
    assert response["Location"] == f"/challenges/{challenge.pk}/"
    page = alice_client.get(response["Location"]).content.decode()
    assert f"http://testserver/challenges/{challenge.pk}/" in page
    carol_client = logged_in(carol)
    assert "Accept and play" in carol_client.get(f"/challenges/{challenge.pk}/").content.decode()
    accepted = carol_client.post(f"/challenges/{challenge.pk}/accept/")
    game = Game.objects.get()
    assert accepted["Location"] == f"/games/{game.public_id}/"
    assert (game.white, game.black) == (carol, challenge.challenger)


def test_accepting_from_the_home_page_starts_the_game(alice_client, bob_client, alice, bob):
    new_game(alice_client, username="bob", color="black")
    challenge = Challenge.objects.get()
    response = bob_client.post(f"/challenges/{challenge.pk}/accept/")
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.public_id}/"
    assert (game.white, game.black) == (bob, alice)


def test_declining_and_cancelling_close_the_challenge(alice_client, bob_client, bob):
    new_game(alice_client, username="bob")
    first = Challenge.objects.get()
    bob_client.post(f"/challenges/{first.pk}/decline/")
    first.refresh_from_db()
    assert first.status == "declined"
    new_game(alice_client, username="bob")
    second = Challenge.objects.get(status="pending")
    alice_client.post(f"/challenges/{second.pk}/cancel/")
    second.refresh_from_db()
    assert second.status == "cancelled"
    assert not Game.objects.exists()


def test_only_the_challenger_may_cancel(alice_client, bob_client, bob):
    new_game(alice_client, username="bob")
    challenge = Challenge.objects.get()
    response = bob_client.post(f"/challenges/{challenge.pk}/cancel/", follow=True)
    assert "Only the challenger can cancel" in response.content.decode()
    challenge.refresh_from_db()
    assert challenge.status == "pending"


def test_a_challenge_to_someone_else_is_invisible(alice_client, bob, carol):
    new_game(alice_client, username="bob")
    challenge = Challenge.objects.get()
    carol_client = logged_in(carol)
    assert carol_client.get(f"/challenges/{challenge.pk}/").status_code == 404
    carol_client.post(f"/challenges/{challenge.pk}/accept/")
    challenge.refresh_from_db()
    assert challenge.status == "pending"


def test_the_new_game_page_lists_every_bot_with_its_description(alice_client):
    page = alice_client.get("/new/").content.decode()
    bots = User.objects.filter(bot__isnull=False).select_related("bot")
    assert bots.count() == 6
    for bot_user in bots:
        assert f'value="{bot_user.username}"' in page
        # Described by the running core's level table (bots.selectors.bot_description).
        assert html.escape(LEVELS[bot_user.bot.level].description) in page


def test_choosing_a_bot_starts_the_game_at_once(alice_client, alice):
    response = new_game(alice_client, opponent_kind="bot", bot="easy-bot", color="white")
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.public_id}/"
    assert (game.white, game.black.username) == (alice, "easy-bot")


def test_a_bot_choice_must_be_a_listed_bot(alice_client, bob):
    response = new_game(alice_client, opponent_kind="bot", bot="bob")
    assert response.status_code == 400
    assert not Challenge.objects.exists()


def test_a_name_is_found_in_any_letter_case_as_sign_up_compares_names(alice_client, bob):
    # Issue 29 item 9: "BOB" was "taken" at sign-up but "No player named 'BOB'" here.
    response = new_game(alice_client, username="BOB", color="white")
    assert response.status_code == 302
    assert Challenge.objects.get().opponent == bob


def test_the_api_finds_a_player_named_in_any_letter_case(alice, bob):
    from tests.site_fixtures import token_client

    response = token_client(alice).post("/api/v1/challenges/", {"opponent": "Bob"},
                                        format="json")
    assert response.status_code == 201, response.content
    assert Challenge.objects.get().opponent == bob
