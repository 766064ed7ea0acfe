"""A logged-out friend who follows an open-challenge link sees whose challenge it is (issue 29
item 5), signs up from it, comes back to the challenge (``next`` survives the sign-up) and
accepts it. A challenge sent to a named player stays behind the log-in."""
import re

import pytest
from django.test import Client

from games import services
from games.models import Game
from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db


def test_a_friend_who_signs_up_from_the_log_in_page_ends_in_the_game(alice):
    challenge = services.challenge_create(challenger=alice, opponent=None, color="white",
                                          days_per_move=None)
    link = f"/challenges/{challenge.pk}/"
    friend = Client()

    landing = friend.get(link)
    assert landing.status_code == 200
    text = landing.content.decode()
    assert "alice challenges you to a game of Raumschach" in text
    assert "alice</strong> plays white;" in text
    signup_href = re.search(r'href="(/signup/[^"]*)">Create an account', text).group(1)
    assert signup_href == f"/signup/?next={link}"
    assert f'href="/login/?next={link}"' in text

    signup_page = friend.get(signup_href).content.decode()
    assert f'name="next" value="{link}"' in signup_page
    signed_up = friend.post(signup_href, {"username": "dora", "password": PASSWORD,
                                          "password_again": PASSWORD, "next": link})
    assert signed_up.status_code == 302 and signed_up["Location"] == link

    accepted = friend.post(f"{link}accept/")
    game = Game.objects.get()
    assert accepted["Location"] == f"/games/{game.public_id}/"
    assert game.black.username == "dora" and game.white == alice


def test_an_outside_next_is_not_carried_into_the_sign_up_form():
    page = Client().get("/signup/?next=https://evil.example/").content.decode()
    assert "evil.example" not in page


def test_a_challenge_to_a_named_player_sends_a_visitor_to_log_in(alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None)
    response = Client().get(f"/challenges/{challenge.pk}/")
    assert response.status_code == 302 and "/login/?next=" in response["Location"]
