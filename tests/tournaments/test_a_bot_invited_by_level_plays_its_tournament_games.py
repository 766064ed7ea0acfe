"""Bots in tournaments: the creator invites one of the site's bots by its level (through the
API); the bot cannot join by itself, nor be invited by anyone else; once the tournament starts
the bot plays its tournament game as any game (the move the bot task makes)."""
import pytest

from bots import services as bots
from bots.models import Bot
from games.models import Game
from tests.site_fixtures import assert_error
from tournaments import services
from tournaments.errors import NotTheCreator

from .conftest import players

pytestmark = pytest.mark.django_db


def test_a_bot_invited_by_level_plays_its_tournament_game(after_commit):
    (alice, as_alice), (bob, as_bob) = players("alice", "bob")
    easy = Bot.objects.select_related("user").get(level=1).user
    with after_commit():
        tid = as_alice.post("/api/v1/tournaments/", {
            "name": "Man and machine", "variant": "raumschach", "system": "round-robin",
            "days_per_move": 1, "max_players": 2}, format="json").json()["id"]
    assert_error(as_bob.post(f"/api/v1/tournaments/{tid}/bots/", {"level": 1}, format="json"),
                 403, "not_the_creator")
    with pytest.raises(NotTheCreator):
        services.tournament_join(tournament_id=tid, user=easy)
    with after_commit():
        invited = as_alice.post(f"/api/v1/tournaments/{tid}/bots/", {"level": 1}, format="json")
    assert invited.status_code == 200, invited.json()
    assert [(p["username"], p["bot"]) for p in invited.json()["players"]] == [(easy.username, True)]
    with after_commit():
        as_alice.post(f"/api/v1/tournaments/{tid}/join/")
        as_alice.post(f"/api/v1/tournaments/{tid}/start/")
    game = Game.objects.get(tournament_id=tid)
    if game.white_id == alice.pk:
        with after_commit():
            as_alice.post(f"/api/v1/games/{game.public_id}/moves/",
                          {"move": "Bc2Cc2", "ply": 0}, format="json")
    outcome = bots.bot_move_play(game_id=game.pk)  # what the bot's task does on its turn
    game.refresh_from_db()
    assert outcome.status == "played" and game.ply in (1, 2)
    assert game.turn == ("white" if game.white_id == alice.pk else "black")
