"""Every event type the Bot/Board API streams carry, produced by real actions (a challenge
declined, one cancelled, one accepted, moves, a draw offer, chat, a resignation) and captured
where the streams get them, is checked field by field against lichess's published schema
(tests/botapi/lichess_shapes.py): a missing required field, a mistyped one, a null where
lichess sends a value or nothing, fails. Our additions are extra fields (`legalMoves`)."""
from __future__ import annotations

import jsonschema
import pytest

from botapi import selectors, services, streams
from games import services as game_services
from tests.botapi import lichess_shapes
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db


def check(event: dict) -> None:
    schema = lichess_shapes.EVENTS[event["type"]]
    jsonschema.Draft202012Validator(
        schema, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER).validate(event)


@pytest.fixture
def published(monkeypatch):
    sent: list[tuple[int, dict]] = []
    monkeypatch.setattr(services, "publish_event", lambda user_id, event: sent.append(
        (user_id, event)))
    return sent


def test_every_event_type_matches_lichess_s_schema(published, django_capture_on_commit_callbacks,
                                                   settings):
    settings.SITE_URL = "https://raumschach.example.org"
    robo, hugo = make_user("robo"), make_user("hugo")
    services.account_upgrade_to_bot(user=robo)
    with django_capture_on_commit_callbacks(execute=True):
        declined = game_services.challenge_create(challenger=hugo, opponent=robo,
                                                  color="random", days_per_move=3)
        game_services.challenge_decline(challenge=declined, user=robo, reason="tooSlow")
        cancelled = game_services.challenge_create(challenger=robo, opponent=hugo,
                                                   color="white", days_per_move=None)
        game_services.challenge_cancel(challenge=cancelled, user=robo)
        accepted = game_services.challenge_create(challenger=hugo, opponent=robo,
                                                  color="black", days_per_move=5, rated=True)
        game = game_services.challenge_accept(challenge=accepted, user=robo)
        pending = game_services.challenge_create(challenger=hugo, opponent=robo,
                                                 color="random", days_per_move=None)
    opening = streams._event_stream_start(robo)  # what a new event stream starts with
    game_services.game_play_move(game=game, user=robo, move="Bb2Cb2", ply=0)
    game.refresh_from_db()
    game_services.game_draw(game=game, user=hugo, action="offer")
    game.refresh_from_db()
    full = selectors.game_full_json(game)
    offered = selectors.game_state_json(game)
    chat = streams._chat_line({"room": "players", "author": "hugo", "text": "gl"})
    with django_capture_on_commit_callbacks(execute=True):
        game_services.game_resign(game=game, user=hugo)
    game.refresh_from_db()
    final = selectors.game_state_json(game)

    events = [event for _, event in published] + opening + [full, offered, chat, final]
    kinds = {event["type"] for event in events}
    # Every type a stream sends, each at least once (opponentGone is not sent: docs/bot-api.md).
    assert kinds == set(lichess_shapes.EVENTS) - {"opponentGone"}
    for event in events:
        check(event)

    # The values lichess clients rely on, beyond their types.
    declined_event = next(e for _, e in published if e["type"] == "challengeDeclined")
    assert declined_event["challenge"]["declineReasonKey"] == "tooslow"
    assert declined_event["challenge"]["declineReason"].startswith("This time control is too slow")
    incoming = next(e for user, e in published if e["type"] == "challenge" and user == robo.pk)
    outgoing = next(e for user, e in published if e["type"] == "challenge" and user == hugo.pk)
    assert (incoming["challenge"]["direction"], outgoing["challenge"]["direction"]) == ("in", "out")
    assert "title" not in incoming["challenge"]["challenger"]  # a person: no title, not null
    assert incoming["challenge"]["destUser"]["title"] == "BOT"
    start = next(e for user, e in published if e["type"] == "gameStart" and user == robo.pk)
    assert start["game"]["fullId"] != start["game"]["gameId"]
    assert start["game"]["fullId"].startswith(start["game"]["gameId"])
    assert start["game"]["status"] == {"id": 20, "name": "started"}
    assert full["daysPerTurn"] == 5 and "clock" not in full
    assert offered["bdraw"] is True and "wdraw" not in offered
    assert "Bb2Cb2" not in offered["legalMoves"] and len(offered["legalMoves"]) > 0
    assert (final["status"], final["winner"], final["legalMoves"]) == ("resign", "white", [])
    unlimited = next(e for e in opening if e["type"] == "challenge")
    assert unlimited["challenge"]["timeControl"] == {"type": "unlimited"}
    assert unlimited["challenge"]["id"] == pending.pk


def test_a_schema_check_fails_on_a_missing_or_mistyped_field():
    # The check itself can fail: a null clock, a false draw flag typed as text, no status.
    with pytest.raises(jsonschema.ValidationError):
        check({"type": "gameState", "moves": "", "wtime": 0, "btime": 0, "winc": 0, "binc": 0})
    with pytest.raises(jsonschema.ValidationError):
        check({"type": "gameState", "moves": "", "wtime": 0, "btime": 0, "winc": 0, "binc": 0,
               "status": "started", "wdraw": "false"})
    with pytest.raises(jsonschema.ValidationError):
        check({"type": "gameFull", "id": "x", "variant": {"key": "raumschach", "name": "R"},
               "speed": "correspondence", "perf": {}, "rated": False, "createdAt": 1,
               "white": {"id": "a", "name": "a"}, "black": {"id": "b", "name": "b"},
               "initialFen": "startpos", "clock": None, "daysPerTurn": None,
               "state": {"type": "gameState", "moves": "", "wtime": 0, "btime": 0, "winc": 0,
                         "binc": 0, "status": "started"}})
