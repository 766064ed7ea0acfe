"""berserk (lichess's Python client, pinned in requirements-dev.txt, base URL pointed at a real
Daphne process) drives two games: two external bots play a whole game, chat in both rooms
(the players' lines reach the other bot's game stream, the spectators' lines reach a
spectator) and agree a draw; then a bot challenges the site's `ai` of level 1 and plays it to
the end. On the way berserk reads the calls lichess-bot makes: the challenge list, public user
data, statuses, the online bots and the game's export. The bots choose their moves from the
`legalMoves` field of the game stream (ours; lichess clients ignore it); against the AI, robo's
moves come from our engine at level 2 in the test process, as an external engine's would."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts import services as account_services
from engine.cli_bridge import parse_position
from engine.search.levels import choose_move
from games.models import Game, Move
from tests.botapi.conftest import create_built_in_bots
from tests.botapi.live import Reader, client, start_daphne
from tests.site_fixtures import make_user

pytestmark = [pytest.mark.live_server_process, pytest.mark.postgres, pytest.mark.slow]

DRAW_AFTER_PLIES = 8
AI_GAME_MAX_PLIES = 600  # a Normal v Beginner game ends long before (mate or a draw rule)
ROBO_LEVEL = 2  # robo's own engine (ours, in the test process): Normal
MOVE_TIMEOUT = 120  # seconds for the built-in bot's reply; it takes well under one when idle


@pytest.fixture
def daphne(tmp_path, transactional_db):
    # The built-in bots (a migration made them; earlier transactional tests flushed them).
    create_built_in_bots()
    # The embedded set-up (the built-in bot moves in a server thread); robo moves at once:
    # above 120 moves a minute.
    server = start_daphne(tmp_path, REDIS_URL="", RATE_LIMIT_BOTAPI_ACTION="2000/60")
    yield server
    server.stop()


def token(user) -> str:
    return account_services.api_token_create(user=user, name="berserk")[1]


def next_state(stream: Reader, last_moves: str) -> dict:
    """The next gameState that changes the moves or ends the game (chat lines skipped)."""
    while True:
        state = stream.next_of("gameState")
        if state["moves"] != last_moves or state["status"] != "started":
            return state


def test_two_bots_chat_and_draw_then_a_bot_plays_the_site_s_ai(daphne):
    robo_user, zeta_user = make_user("robo"), make_user("zeta")
    robo, zeta = client(daphne, token(robo_user)), client(daphne, token(zeta_user))
    robo.account.upgrade_to_bot()
    zeta.account.upgrade_to_bot()
    robo_events = Reader(robo.bots.stream_incoming_events())
    zeta_events = Reader(zeta.bots.stream_incoming_events())

    created = robo.challenges.create("zeta", rated=False, days=3, color="white")
    assert zeta.challenges.get_mine()["in"][0]["id"] == created["id"]
    challenge = zeta_events.next_of("challenge")["challenge"]
    assert (challenge["id"], challenge["direction"]) == (created["id"], "in")
    zeta.bots.accept_challenge(challenge["id"])
    game_id = robo_events.next_of("gameStart")["game"]["gameId"]
    assert zeta_events.next_of("gameStart")["game"]["gameId"] == game_id

    # lichess-bot's look-ups, through berserk's own converters.
    assert robo.users.get_public_data("zeta")["title"] == "BOT"
    statuses = robo.users.get_realtime_statuses("zeta", "robo")
    assert [(s["id"], s.get("online"), s.get("playing")) for s in statuses] == [
        ("zeta", True, True), ("robo", True, True)]  # both have an event stream open
    online = [user["username"] for user in robo.bots.get_online_bots()]
    assert {"beginner-bot", "robo", "zeta"} <= set(online)

    streams = {"robo": Reader(robo.bots.stream_game_state(game_id)),
               "zeta": Reader(zeta.bots.stream_game_state(game_id))}
    players = {"white": ("robo", robo), "black": ("zeta", zeta)}
    full = streams["robo"].next_of("gameFull")
    assert streams["zeta"].next_of("gameFull")["id"] == game_id
    # Chat: each bot greets the other in the players' room and the spectators in theirs.
    robo.bots.post_message(game_id, "good luck, zeta")
    zeta.bots.post_message(game_id, "have fun, robo")
    robo.bots.post_message(game_id, "hello spectators", spectator=True)
    zeta.bots.post_message(game_id, "enjoy the game", spectator=True)
    heard = streams["zeta"].next_of("chatLine")
    assert (heard["room"], heard["username"], heard["text"]) == ("player", "robo",
                                                                   "good luck, zeta")
    heard = streams["robo"].next_of("chatLine")
    assert (heard["username"], heard["text"]) == ("robo", "good luck, zeta")  # its own, echoed
    assert streams["robo"].next_of("chatLine")["text"] == "have fun, robo"
    spectator = APIClient()
    spectator.force_authenticate(make_user("watcher"))
    said = spectator.get(f"/api/v1/games/{game_id}/chat/", {"room": "spectators"}).json()
    assert [(m["author"], m["text"]) for m in said["messages"]] == [
        ("robo", "hello spectators"), ("zeta", "enjoy the game")]

    # Moves from legalMoves, each seen once by both streams, until robo offers a draw.
    state, moves = full["state"], ""
    for ply in range(DRAW_AFTER_PLIES):
        _, mover = players["white" if ply % 2 == 0 else "black"]
        move = state["legalMoves"][0]
        mover.bots.make_move(game_id, move)
        last, moves = moves, f"{moves} {move}".strip()
        for stream in streams.values():
            state = next_state(stream, last)
            assert state["moves"] == moves
    robo.bots._r.post(f"/api/bot/game/{game_id}/draw/yes")  # berserk's own requestor
    offer = streams["zeta"].next_of("gameState")
    assert offer.get("wdraw") is True and "bdraw" not in offer
    zeta.bots._r.post(f"/api/bot/game/{game_id}/draw/yes")
    for stream in streams.values():
        final = next_state(stream, moves)
        assert (final["status"], final.get("winner"), final["legalMoves"]) == ("draw", None, [])
        assert stream.ended()
    for events in (robo_events, zeta_events):
        assert events.next_of("gameFinish")["game"]["status"]["name"] == "draw"
    exported = robo.games.export(game_id)
    assert exported["status"] == "draw" and exported["moves"] == moves
    assert '[Result "1/2-1/2"]' in exported["record"]
    assert Game.objects.get(public_id=game_id).termination == Game.Termination.AGREEMENT

    # Game two: robo challenges the site's AI of level 1 (the Beginner bot) and plays it out.
    started = robo.challenges.create_ai(level=1, days=3, color="white")
    ai_game = started["id"]
    assert started["source"] == "ai" and started["player"] == "white"
    assert robo_events.next_of("gameStart")["game"]["gameId"] == ai_game
    stream = Reader(robo.bots.stream_game_state(ai_game))
    full = stream.next_of("gameFull")
    assert full["black"]["name"] == "beginner-bot" and full["black"]["title"] == "BOT"
    state, plies = full["state"], 0
    while state["status"] == "started" and plies < AI_GAME_MAX_PLIES:
        if len(state["moves"].split()) % 2 == 0:  # robo (White) to move: its engine chooses
            position = parse_position(f"startpos moves {state['moves']}")
            move = choose_move(position, ROBO_LEVEL, seed=28).move.coord(position.variant)
            assert move in state["legalMoves"]
            robo.bots.make_move(ai_game, move)
        state = next_state(stream, state["moves"])  # robo's move, then the bot's reply
        plies += 1
    assert state["status"] in ("mate", "stalemate", "draw"), state["status"]
    assert stream.ended()
    assert robo_events.next_of("gameFinish")["game"]["gameId"] == ai_game
    game = Game.objects.get(public_id=ai_game)
    assert game.status == Game.Status.FINISHED
    assert Move.objects.filter(game=game).count() == len(state["moves"].split()) == game.ply
