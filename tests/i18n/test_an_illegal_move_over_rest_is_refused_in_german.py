"""An illegal move sent over REST with Accept-Language: de is refused with the engine's reason
in German (translated at the Django boundary, games/engine_words.py: engine/ stays English);
the code and the game are the same as in English (issue 45)."""
from __future__ import annotations

import pytest

from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def _move(client, game, move: str, language: str) -> dict:
    response = client.post(f"/api/v1/games/{game.public_id}/moves/", {"move": move, "ply": 0},
                           format="json", HTTP_ACCEPT_LANGUAGE=language)
    return assert_error(response, 400, "illegal_move")


def test_a_knight_s_impossible_move_is_explained_in_german(as_alice, game):
    before = db_snapshot()
    english = _move(as_alice, game, "Ab1Ab3", "en")
    german = _move(as_alice, game, "Ab1Ab3", "de")
    assert english["detail"] == "Ab1Ab3 is illegal: a knight cannot move from Ab1 to Ab3."
    assert german["detail"] == "Ab1Ab3 ist illegal: ein Springer kann nicht von Ab1 nach Ab3 ziehen."
    assert db_snapshot() == before


def test_an_empty_cell_and_a_foreign_piece_are_said_in_german(as_alice, game):
    assert _move(as_alice, game, "Cc3Cc4", "de")["detail"] == (
        "Cc3Cc4 ist illegal: auf Cc3 steht keine Figur.")
    assert _move(as_alice, game, "Eb4Eb3", "de")["detail"] == (
        "Eb4Eb3 ist illegal: das ist nicht deine Figur (Bauer (Schwarz) auf Eb4).")


def test_a_pawn_s_wrong_step_names_the_variant_s_pawn_rule_in_german(as_alice, game):
    detail = _move(as_alice, game, "Ab2Ab4", "de")["detail"]
    assert detail.startswith("Ab2Ab4 ist illegal: ein Bauer kann nicht von Ab2 nach Ab4 ziehen "
                             "(ein Schritt vorwärts oder nach oben; schlägt diagonal vorwärts")
