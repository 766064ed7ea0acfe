"""A challenge declined with one of lichess's reasons (a bot through the Bot API, or a person)
shows the reason's words on the challenge page, in the challenger's language; the Bot API's
declineReason follows the request's language too, its key staying lichess's."""
import pytest
from django.contrib.auth.models import User
from django.test import Client

from botapi.selectors import challenge_json
from games.decline_reasons import DECLINE_REASONS, DECLINE_TEXT, decline_words
from games.services import challenges


@pytest.fixture
def declined(db):
    challenger = User.objects.create_user("herausforderin", password="pw-long-enough-1")
    opponent = User.objects.create_user("abgelehnt", password="pw-long-enough-2")
    challenge = challenges.challenge_create(challenger=challenger, opponent=opponent, color="white",
                                            days_per_move=3)
    return challenges.challenge_decline(challenge=challenge, user=opponent, reason="tooFast"), challenger


def test_the_challenge_page_gives_the_reason_in_german_and_in_english(declined):
    challenge, challenger = declined
    client = Client()
    client.force_login(challenger)
    german = client.get(f"/challenges/{challenge.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Begründung: „Diese Bedenkzeit ist mir zu kurz" in german
    english = client.get(f"/challenges/{challenge.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Their reason: “This time control is too fast for me" in english


def test_a_decline_without_a_reason_shows_none(db):
    challenger = User.objects.create_user("ohne", password="pw-long-enough-1")
    opponent = User.objects.create_user("grund", password="pw-long-enough-2")
    challenge = challenges.challenge_create(challenger=challenger, opponent=opponent, color="white",
                                            days_per_move=3)
    challenges.challenge_decline(challenge=challenge, user=opponent)
    client = Client()
    client.force_login(challenger)
    page = client.get(f"/challenges/{challenge.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "decline-reason" not in page


def test_the_bot_api_keeps_lichess_s_key_and_words_the_reason_in_the_active_language(declined):
    from django.utils import translation
    challenge, _ = declined
    with translation.override("de"):
        out = challenge_json(challenge)
    assert out["declineReasonKey"] == "toofast"
    assert out["declineReason"].startswith("Diese Bedenkzeit ist mir zu kurz")


def test_every_reason_has_words_and_any_case_or_an_unknown_key_is_read():
    assert set(DECLINE_TEXT) == set(DECLINE_REASONS)
    assert decline_words("TOOSLOW") == str(DECLINE_TEXT["tooSlow"])
    assert decline_words("nonsense") == decline_words("") == str(DECLINE_TEXT["generic"])
