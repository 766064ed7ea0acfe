"""A move the site cannot read is refused with example moves of the game's own variant: in a Star
Trek game the hint quotes Star Trek moves (cells of its boards, a board's move), never the
cube's (Bc2Cc2, NAb1-Cb2...), on every path a move comes in by: the REST API, the game socket's
move (games.realtime.reads.game_play, what the consumer calls), the Bot API and the engine's
command line (`python -m engine bridge`). And every variant's examples name only its own cells."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.variants import VARIANTS
from games.errors import GameError
from games.realtime import reads
from tests.site_fixtures import accepted_challenge_game, assert_error, db_snapshot, token_client

from .conftest import bearer_client

ROOT = Path(__file__).resolve().parents[2]
# The cube's examples, as the cube's error messages quote them (Variant's defaults and the
# typed-move hint).
CUBE_EXAMPLES = ("Bc2-Cc2", "Bc2Cc2", "NAb1-Cb2", "Bc2xCd3", "De5-Ee5=Q", "De5Ee5q")
# Text that is no move at all, and blank: the error says how a move is written, with examples.
UNREADABLE = ("xyz", " ")
# Moves naming cells Star Trek lacks (the cube's example, no level's): the error names the cell
# and says how cells are named; it quotes no cube move either.
NO_SUCH_CELL = ("NAb1-Cb2", "Zz9Zz9")
BAD_MOVES = UNREADABLE + NO_SUCH_CELL


def code_of(move: str) -> str:
    return "unknown_cell" if move in NO_SUCH_CELL else "malformed_move"


def quotes_star_trek_not_the_cube(detail: str, startrek, sent: str) -> None:
    hint = detail.replace(sent.strip(), "", 1) if sent.strip() else detail  # not the echo
    assert not [example for example in CUBE_EXAMPLES if example in hint], detail
    if sent in UNREADABLE:
        readable, coordinates = startrek.move_examples
        assert any(example in hint for example in (*readable, *coordinates)), detail


def test_every_variants_examples_name_only_its_own_cells_and_pins():
    for variant in VARIANTS.values():
        names = set(variant.geometry.names) | {pin.name for pin in variant.pins}
        readable, coordinates = variant.move_examples
        for example in (*readable, *coordinates):
            cells = re.findall(f"{variant.geometry.cell_pattern}|[QK][1-6][ud]", example)
            assert cells and set(cells) <= names, (variant.key, example, cells)


def test_star_trek_s_examples_are_not_the_cube_s(startrek):
    readable, coordinates = startrek.move_examples
    assert not set(readable + coordinates) & set(CUBE_EXAMPLES)


@pytest.fixture
def startrek_game(startrek, alice, bob, db):
    return accepted_challenge_game(alice, bob, "startrek")


@pytest.mark.parametrize("move", [m for m in BAD_MOVES if m.strip()])  # blank: the form's 400
def test_the_rest_api(startrek_game, startrek, alice, move):
    client = token_client(alice)
    before = db_snapshot()
    body = assert_error(client.post(f"/api/v1/games/{startrek_game.public_id}/moves/",
                                    {"move": move, "ply": 0}, format="json"), 400, code_of(move))
    quotes_star_trek_not_the_cube(body["detail"], startrek, move)
    assert db_snapshot() == before


@pytest.mark.parametrize("move", BAD_MOVES)
def test_the_game_socket(startrek_game, startrek, alice, move):
    with pytest.raises(GameError) as raised:
        reads.game_play(game_id=startrek_game.pk, user=alice, move=move, ply=0)
    assert raised.value.code == code_of(move)
    quotes_star_trek_not_the_cube(str(raised.value.detail), startrek, move)


@pytest.mark.parametrize("move", [m for m in BAD_MOVES if m.strip()])  # a path has no blank
def test_the_bot_api(startrek, robo, alice, move):
    game = accepted_challenge_game(robo, alice, "startrek")
    response = bearer_client(robo).post(f"/api/bot/game/{game.public_id}/move/{move}")
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code_of(move)
    quotes_star_trek_not_the_cube(response.json()["error"], startrek, move)


@pytest.mark.parametrize("move", ["xyz", "NAb1-Cb2"])
def test_the_engine_s_command_line(startrek, move):
    done = subprocess.run([sys.executable, "-m", "engine", "bridge", "--variant", "startrek"],
                          input=f"position startpos moves {move}\nquit\n", cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("error "), done.stdout
    quotes_star_trek_not_the_cube(done.stdout, startrek, move)


def test_the_game_page_s_move_box_shows_a_star_trek_move(startrek_game, startrek, alice):
    from django.test import Client

    client = Client()
    client.force_login(alice)
    html = client.get(f"/games/{startrek_game.public_id}/").content.decode()
    assert f'placeholder="Move, e.g. {startrek.move_examples[1][0]}"' in html
    assert "e.g. Bc2Cc2" not in html
