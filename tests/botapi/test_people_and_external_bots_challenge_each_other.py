"""Challenges over the Bot API: a person challenges an external bot (pending until the bot
answers, unlike a built-in bot), the bot accepts or declines with a reason, the challenger
cancels; a bot challenges a built-in bot, accepted at once. The engine never plays for an
external bot."""
from __future__ import annotations

import pytest

from bots import hooks
from bots import selectors as bot_selectors
from games import bot_hook
from games.models import Challenge, Game
from tests.botapi.conftest import bearer_client

pytestmark = pytest.mark.django_db


def test_a_person_challenges_a_bot_and_the_bot_accepts(as_robo, robo, alice):
    as_alice = bearer_client(alice)
    created = as_alice.post("/api/challenge/robo", {"rated": "false", "days": "3",
                                                    "color": "white", "variant": "raumschach"})
    assert created.status_code == 200, created.content
    challenge = created.json()
    assert challenge["status"] == "created" and challenge["variant"]["key"] == "raumschach"
    assert challenge["timeControl"] == {"type": "correspondence", "daysPerTurn": 3}
    assert challenge["destUser"]["name"] == "robo" and challenge["destUser"]["title"] == "BOT"

    assert as_robo.post(f"/api/challenge/{challenge['id']}/accept").json() == {"ok": True}
    game = Game.objects.get(white=alice, black=robo)
    assert game.days_per_move == 3
    # alice moves; it is now robo's turn, and no built-in bot move is queued for it.
    assert as_alice.post(f"/api/board/game/{game.public_id}/move/Bb2Cb2").json() == {"ok": True}
    assert hooks.request_bot_move_if_needed(game_id=game.pk) is False
    assert not bot_selectors.games_waiting_for_a_bot().filter(pk=game.pk).exists()
    assert as_robo.post(f"/api/bot/game/{game.public_id}/move/Db4Cb4").json() == {"ok": True}
    game.refresh_from_db()
    assert game.ply == 2


def test_a_bot_declines_with_a_reason_and_the_challenger_can_cancel(as_robo, alice):
    as_alice = bearer_client(alice)
    first = as_alice.post("/api/challenge/robo").json()
    assert as_robo.post(f"/api/challenge/{first['id']}/decline", {"reason": "later"},
                        format="json").json() == {"ok": True}
    assert Challenge.objects.get(pk=first["id"]).status == Challenge.Status.DECLINED
    second = as_alice.post("/api/challenge/robo").json()
    assert as_alice.post(f"/api/challenge/{second['id']}/cancel").json() == {"ok": True}
    assert Challenge.objects.get(pk=second["id"]).status == Challenge.Status.CANCELLED
    bad = as_robo.post(f"/api/challenge/{second['id']}/decline", {"reason": "because"})
    assert bad.status_code == 400


def test_a_bot_challenges_a_built_in_bot_which_accepts_at_once(as_robo, robo):
    challenge = as_robo.post("/api/challenge/beginner-bot", {"color": "white"}).json()
    assert challenge["status"] == "accepted" and challenge["gameId"]
    game = Game.objects.get(public_id=challenge["gameId"])
    assert game.white == robo


def test_the_engine_never_plays_for_an_external_bot_to_move(as_robo, robo, alice):
    as_alice = bearer_client(alice)
    challenge = as_alice.post("/api/challenge/robo", {"color": "black"}).json()
    as_robo.post(f"/api/challenge/{challenge['id']}/accept")
    game = Game.objects.get(white=robo)
    assert hooks.request_bot_move_if_needed(game.pk) is False
    assert hooks.request_bot_move_if_needed(game.pk, player_id=robo.pk) is False
    assert bot_selectors.bot_to_move(game_id=game.pk) is None
    assert bot_hook.is_bot(robo) is True  # shown as a bot...
    assert bot_hook.is_engine_bot(robo) is False  # ...but answers challenges itself


def test_the_site_does_not_chat_for_an_external_bot(as_robo, robo, alice,
                                                   django_capture_on_commit_callbacks):
    """Built-in bots greet and say "good game"; an external bot's owner speaks for it."""
    from chat.models import ChatMessage

    as_alice = bearer_client(alice)
    challenge = as_alice.post("/api/challenge/robo").json()
    with django_capture_on_commit_callbacks(execute=True) as started:
        as_robo.post(f"/api/challenge/{challenge['id']}/accept")
    assert started  # the game_started announcement ran
    game = Game.objects.get(black=robo) if Game.objects.filter(black=robo).exists() else \
        Game.objects.get(white=robo)
    with django_capture_on_commit_callbacks(execute=True):
        as_robo.post(f"/api/bot/game/{game.public_id}/resign")
    assert not ChatMessage.objects.filter(author=robo).exists()
