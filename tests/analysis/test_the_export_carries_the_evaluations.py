"""An analysed game's text export carries, after each move, the evaluation as lichess writes
it ({ [%eval 0.34] }) and, for a judged move, its glyph, the judgement and the engine's move;
a game without a finished analysis exports as before."""
import pytest

from core import background

from .conftest import queen_blunder_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_blunder_and_the_evaluations_are_in_the_export(alice, bob, as_alice, anon):
    game = queen_blunder_game(alice, bob)
    before = anon.get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    assert before.rstrip().endswith("1. QAc3-Ac5+ RAe5xAc5 0-1")
    assert as_alice.post(f"/api/v1/games/{game.public_id}/analysis/").status_code == 202
    assert background.wait_until_idle(120)
    analysis = anon.get(f"/api/v1/games/{game.public_id}/analysis/").json()
    first, second = analysis["moves"]
    text = anon.get(f"/api/v1/games/{game.public_id}/export/").content.decode()
    movetext = text.split("\n\n", 1)[1].strip()
    assert movetext == (
        f"1. QAc3-Ac5+?? {{ [%eval {first['eval_cp'] / 100:.2f}] Blunder. QAc3xAe5 was best. }} "
        f"1... RAe5xAc5 {{ [%eval {second['eval_cp'] / 100:.2f}] }} 0-1")
