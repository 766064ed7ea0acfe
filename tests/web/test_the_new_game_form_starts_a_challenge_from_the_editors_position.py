"""The board editor's "Challenge a friend" and "Play against the bot" open the new-game form
with the position (?fen=, ?color=, ?kind=): the form says the game starts there, casual; the
challenge it makes starts there, unrated even if "Rated" is ticked; an illegal position sent
with it is refused with its reason and nothing is created."""
import html

import pytest

import engine
from games.models import Challenge
from tests.setup_positions import random_reachable

pytestmark = pytest.mark.django_db
HEX = engine.VARIANTS["hexraumschach"]


def test_the_form_carries_the_position_and_makes_a_casual_challenge_from_it(alice_client, bob):
    fen = random_reachable(HEX, seed=2)
    page = alice_client.get("/new/", {"variant": HEX.key, "fen": fen, "kind": "user", "color": "black"})
    text = page.content.decode()
    assert page.status_code == 200
    assert f'data-setup-fen="{html.escape(fen)}"' in text and "casual (not rated)" in text
    assert f'name="fen" value="{html.escape(fen)}"' in text
    assert 'value="black" selected' in text
    made = alice_client.post("/new/", {"opponent_kind": "user", "username": "bob", "color": "black",
                                       "days_per_move": "3", "variant": HEX.key, "fen": fen, "rated": "on"})
    assert made.status_code == 302, made.content.decode()[:2000]
    challenge = Challenge.objects.get()
    assert challenge.start_fen == fen and challenge.variant == HEX.key and challenge.rated is False


def test_an_illegal_position_from_the_form_is_refused_with_its_reason(alice_client, bob):
    fen = engine.START_FEN.replace("RNKNR", "RNKKR")
    refused = alice_client.post("/new/", {"opponent_kind": "user", "username": "bob", "color": "white",
                                          "days_per_move": "3", "variant": "raumschach", "fen": fen})
    assert refused.status_code == 400
    assert "white has 2 kings, expected exactly one" in refused.content.decode()
    assert not Challenge.objects.exists()
