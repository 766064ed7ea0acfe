"""A Hexagonal Raumschach game over the game socket: the state names the variant and lists the
hex legal moves, a hex move is stored and pushed to both players, and a cube move or a cell
that no hex level has is refused with the REST API's codes, changing nothing."""
import engine
import pytest

from games import services
from games.models import Move
from tests.realtime.sockets import connected, db, receive, receive_state
from tests.site_fixtures import db_snapshot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("layer")]

KEY = "hexraumschach"


def hex_game(alice, bob):
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, variant=KEY)
    return services.challenge_accept(challenge=challenge, user=bob)


async def test_a_hex_move_is_stored_and_pushed_and_bad_ones_are_refused(alice, bob):
    variant = engine.variant_by_key(KEY)
    game = await db(hex_game)(alice, bob)
    white = await connected(f"/ws/games/{game.public_id}/", user=alice)
    state = await receive_state(white)
    black = await connected(f"/ws/games/{game.public_id}/", user=bob)
    await receive_state(black)
    assert state["variant"]["key"] == KEY and len(state["legal_moves"]) == 53

    before = await db(db_snapshot)()
    # Aa5: the cube has it, no hex level does (the a-file has four cells); Bc2Cc2: the cube's
    # opening pawn move, whose cells exist on the hexes but whose target holds White's pawn.
    for move, code in (("Ab1Aa5", "unknown_cell"), ("Bc2Cc2", "illegal_move")):
        await white.send_json_to({"type": "move", "move": move, "ply": 0})
        reply = await receive(white)
        assert (reply["type"], reply["error"]) == ("error", code), reply
    assert await db(db_snapshot)() == before

    move = sorted(state["legal_moves"])[0]
    await white.send_json_to({"type": "move", "move": move, "ply": 0})
    for socket in (white, black):
        message = await receive(socket)
        assert (message["type"], message["ply"], message["move"]) == ("move", 1, move)
    position = engine.Position.from_fen(variant.start_fen, variant)
    position.push(position.parse_coord(move))
    assert message["fen"] == position.fen()
    stored = await db(lambda: list(Move.objects.filter(game=game).values_list("coord", flat=True)))()
    assert stored == [move]
    await white.disconnect()
    await black.disconnect()
