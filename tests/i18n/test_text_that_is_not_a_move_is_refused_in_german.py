"""Text that is not a move, sent over REST with Accept-Language: de, is refused in German with
how to type one (the engine's words, said again at the Django boundary); the code is the same
as in English and the English words are the engine's own (issue 45)."""
from __future__ import annotations

import pytest

from tests.site_fixtures import assert_error, db_snapshot

pytestmark = pytest.mark.django_db


def _refusal(client, game, move: str, language: str) -> str:
    response = client.post(f"/api/v1/games/{game.public_id}/moves/", {"move": move, "ply": 0},
                           format="json", HTTP_ACCEPT_LANGUAGE=language)
    return assert_error(response, 400, "malformed_move")["detail"]


def test_a_word_instead_of_a_move_is_refused_with_the_way_to_type_one_in_german(as_alice, game):
    before = db_snapshot()
    english = _refusal(as_alice, game, "hello", "en")
    german = _refusal(as_alice, game, "hello", "de")
    assert english == ("'hello' is not a move; type it as the move list shows it (Bc2-Cc2) or as "
                       "two cells (Bc2Cc2).")
    assert german == ("'hello' ist kein Zug; gib ihn so ein, wie die Zugliste ihn zeigt "
                      "(Bc2-Cc2), oder als zwei Felder (Bc2Cc2).")
    assert db_snapshot() == before


def test_a_move_to_its_own_cell_is_refused_in_german(as_alice, game):
    assert _refusal(as_alice, game, "Bb2Bb2", "de") == (
        "'Bb2Bb2' zieht von einem Feld auf dasselbe Feld.")
