"""The Bot API in lichess's shapes: `variant: {key, name, short}` and `initialFen` ("startpos"
or the string) in gameFull and challenges; an external bot lists the variants it plays
(Raumschach by default) and a challenge in another is declined for it with reason `variant`."""
import pytest

from botapi import selectors
from games import services
from games.models import Challenge

from .conftest import bearer_client
KEY, NAME = "fiveup", "Five Up"

pytestmark = pytest.mark.django_db


def test_game_full_names_the_variant_and_its_start(fiveup, alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, variant=KEY)
    game = services.challenge_accept(challenge=challenge, user=bob)
    full = selectors.game_full_json(game)
    assert full["variant"] == {"key": KEY, "name": NAME, "short": NAME}
    assert full["initialFen"] == "startpos" and full["variantOptions"] == {"castling": False}
    event = selectors.event_game_json(game, bob)
    assert event["variant"] == {"key": KEY, "name": NAME}


def test_a_game_from_a_position_sends_the_position_as_initial_fen(alice, bob):
    fen = "5/5/5/5/2k2|5/2R2/5/5/5|5/5/5/2K2/5|5/5/5/4Q/5|5/5/5/5/5 w 0 40"
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, fen=fen)
    assert selectors.challenge_json(challenge)["initialFen"] == fen
    game = services.challenge_accept(challenge=challenge, user=bob)
    full = selectors.game_full_json(game)
    assert full["initialFen"] == fen
    assert full["variant"] == {"key": "raumschach", "name": "Raumschach", "short": "3D"}


def test_a_bot_declines_a_variant_it_did_not_list_and_takes_one_it_did(fiveup, alice, robo):
    client = bearer_client(alice)
    declined = client.post("/api/challenge/robo", {"variant": KEY}, format="json").json()
    assert declined["status"] == "declined" and declined["declineReasonKey"] == "variant"
    assert declined["variant"]["key"] == KEY
    assert Challenge.objects.get(pk=declined["id"]).game is None

    listed = bearer_client(robo).post("/api/bot/account/variants",
                                      {"variants": f"raumschach,{KEY}"}, format="json")
    assert listed.json() == {"variants": ["raumschach", KEY]}
    pending = client.post("/api/challenge/robo", {"variant": KEY}, format="json").json()
    assert pending["status"] == "created"
    accepted = bearer_client(robo).post(f"/api/challenge/{pending['id']}/accept")
    assert accepted.json() == {"ok": True}
    assert Challenge.objects.get(pk=pending["id"]).game.variant == KEY


def test_a_bot_can_list_its_variants_when_it_upgrades(fiveup, alice):
    from tests.site_fixtures import make_user

    owner = make_user("deep")
    client = bearer_client(owner)
    response = client.post("/api/bot/account/upgrade", {"variants": f"{KEY}"}, format="json")
    assert response.json() == {"ok": True}
    owner.bot.refresh_from_db()
    assert owner.bot.variants == [KEY]
    raumschach = bearer_client(alice).post("/api/challenge/deep", {}, format="json").json()
    assert (raumschach["status"], raumschach["declineReasonKey"]) == ("declined", "variant")


def test_a_person_or_builtin_bot_is_never_declined_for_the_variant(fiveup, alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, variant=KEY)
    assert challenge.status == Challenge.Status.PENDING



def test_a_bot_api_challenge_takes_the_variants_options(fiveup, alice, bob):
    client = bearer_client(alice)
    made = client.post("/api/challenge/bob", {"variant": "fiveup",
                                               "variantOptions": {"castling": True}},
                       format="json").json()
    assert made["variantOptions"] == {"castling": True}
    refused = client.post("/api/challenge/bob", {"variant": "fiveup",
                                                  "variantOptions": {"castling": "maybe"}},
                          format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_variant_option"


@pytest.mark.parametrize("text", [" , ", "raumschach,,fiveup", ",raumschach", "raum schach"])
def test_a_variants_text_without_the_schema_s_shape_is_refused_and_changes_nothing(fiveup, text):
    from tests.site_fixtures import make_user

    owner = make_user("shapeless")
    client = bearer_client(owner)
    refused = client.post("/api/bot/account/upgrade", {"variants": text}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid")
    assert "separated by commas" in refused.json()["error"]
    assert not hasattr(type(owner).objects.get(pk=owner.pk), "bot")
    assert client.post("/api/bot/account/upgrade", {"variants": " raumschach , fiveup "},
                       format="json").json() == {"ok": True}
    refused = client.post("/api/bot/account/variants", {"variants": text}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (400, "invalid")
    assert type(owner).objects.get(pk=owner.pk).bot.variants == ["raumschach", KEY]
