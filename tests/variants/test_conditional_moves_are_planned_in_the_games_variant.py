"""Conditional moves are read and checked in the game's own variant: a Five Up line with a
placement is accepted and its reply played when due; a Raumschach-only move is refused."""
import engine
import pytest

from games import services
from games.models import Game
from tests.site_fixtures import assert_error, play, token_client

# The reply fires after the opponent's move commits: real commits, as tests/conditionals do.
pytestmark = pytest.mark.django_db(transaction=True)


def plan(client, game, *lines):
    return client.put(f"/api/v1/games/{game.public_id}/conditional-moves/",
                      {"lines": [list(line) for line in lines]}, format="json")


def first_legal(position) -> str:
    return sorted(position.coord(m) for m in position.legal_moves())[0]


@pytest.fixture
def five_up_game(fiveup, alice, bob) -> Game:
    """alice (White) v bob in Five Up after 1. Ab1Aa3/g: bob to move."""
    challenge = services.challenge_create(challenger=alice, opponent=bob, color="white",
                                          days_per_move=None, variant="fiveup")
    game = services.challenge_accept(challenge=challenge, user=bob)
    return play(game, "Ab1Aa3/g")


def test_a_five_up_line_with_a_placement_is_planned_and_played(five_up_game, fiveup, alice,
                                                               bob):
    position = engine.Position.from_fen(five_up_game.fen, fiveup)
    theirs = first_legal(position)
    position.push(position.parse_coord(theirs))
    mine = next(position.coord(m) for m in sorted(position.legal_moves(),
                                                  key=engine.pack_move) if m.placement)
    response = plan(token_client(alice), five_up_game, [theirs, mine])
    assert response.status_code == 200, response.content
    moved = token_client(bob).post(f"/api/v1/games/{five_up_game.public_id}/moves/",
                                   {"move": theirs, "ply": 1}, format="json")
    assert moved.status_code == 201, moved.content
    five_up_game.refresh_from_db()
    assert five_up_game.ply == 3
    assert list(five_up_game.moves.order_by("ply").values_list("coord", flat=True)) == [
        "Ab1Aa3/g", theirs, mine]


def test_a_raumschach_only_move_in_a_five_up_line_is_refused(five_up_game, fiveup, alice):
    theirs = first_legal(engine.Position.from_fen(five_up_game.fen, fiveup))
    # Bb1Cc2: Raumschach's unicorn slide; in Five Up Bb1 holds a bishop.
    response = plan(token_client(alice), five_up_game, [theirs, "Bb1Cc2"])
    assert response.status_code == 400, response.content
    assert response.json()["error"] == "illegal_move"
    assert "Bb1Cc2" in response.json()["detail"]
