"""A record that cannot be imported is a coded 400 naming the line (and, for a move, the move
and its ply) and why, over the API; nothing is stored, not even the system accounts."""
import pytest

from tests.site_fixtures import MATE_IN_ONE_FEN, assert_error, db_snapshot

pytestmark = pytest.mark.django_db

HEAD = '[Variant "Raumschach"]\n[White "a"]\n[Black "b"]\n'
MATE = f'[FEN "{MATE_IN_ONE_FEN}"]\n'


def _refused(client, text: str, code: str) -> dict:
    before = db_snapshot()
    body = assert_error(client.post("/api/v1/games/import/", {"text": text}, format="json"),
                        400, code)
    assert db_snapshot() == before
    return body


@pytest.mark.parametrize("text, code, line, ply, move, says", [
    # an illegal move: the engine's reason
    (HEAD + "\n1. Bb2-Cb2 Dc4-Dc3\n2. Bb2-Cb3\n", "illegal_move", 6, 3, "Bb2-Cb3",
     "2. Bb2-Cb3 is illegal: "),
    # a move no grammar reads
    (HEAD + "\n1. Bb2-Cb2 Zz9\n", "malformed_move", 5, 2, "Zz9", "1... Zz9 is not a move"),
    # moves after a mate
    (MATE + "\n40. QBe2-Dc2# Ea5-Eb5\n", "moves_after_end", 3, 2, "Ea5-Eb5",
     "after the game ended (checkmate"),
    # a result the final position contradicts
    (MATE + '[Result "0-1"]\n\n40. QBe2-Dc2# 0-1\n', "result_mismatch", 2, 1, "QBe2-Dc2#",
     "checkmate, so the result is 1-0, not 0-1"),
])
def test_a_bad_move_or_result_names_its_line_and_move(as_alice, text, code, line, ply, move,
                                                       says):
    body = _refused(as_alice, text, code)
    assert (body["line"], body["ply"], body["move"]) == (line, ply, move)
    assert body["detail"].startswith(f"Line {line}: ") and says in body["detail"], body


@pytest.mark.parametrize("text, code, line, says", [
    ('[Variant Raumschach]\n\n1. Bb2-Cb2\n', "malformed_tag", 1, "[Name \"value\"]"),
    ('[White "a"]\n[White "b"]\n\n1. Bb2-Cb2\n', "malformed_tag", 2, "given twice"),
    ('[White "a"]\n[Variant "Shogi"]\n\n1. Bb2-Cb2\n', "unknown_variant", 2, "'Shogi'"),
    ('[Variant "Five Up"]\n[VariantOptions "gravity=on"]\n\n1. Bb2-Cb2\n',
     "bad_variant_option", 2, "gravity"),
    ('[FEN "not a position"]\n\n1. Bb2-Cb2\n', "bad_position", 1, "Not a Raumschach position"),
    ('[Result "2-0"]\n\n1. Bb2-Cb2\n', "malformed_tag", 1, "Result tag"),
    ('[Result "1-0"]\n\n1. Bb2-Cb2 0-1\n', "result_mismatch", 3, "the Result tag says 1-0"),
    ('[Termination "checkmate"]\n[Result "1-0"]\n\n1. Bb2-Cb2 1-0\n', "result_mismatch", 1,
     "does not end the game"),
    ('[Termination "agreement"]\n\n1. Bb2-Cb2 1-0\n', "result_mismatch", 1,
     "ended by agreement cannot end 1-0"),
    ('[Termination "stolen"]\n\n1. Bb2-Cb2 1-0\n', "malformed_tag", 1, "Termination tag"),
    ("1. Bb2-Cb2 (1. Ab2-Ab3) Dc4-Dc3\n", "malformed_move", 1, "variations"),
    ("1. Bb2-Cb2 { an open\ncomment\n", "malformed_move", 1, "never closed"),
    ("1. Bb2-Cb2 1-0 Dc4-Dc3\n", "malformed_move", 1, "after the result"),
    ('[White "a"]\n\n1. Bb2-Cb2\n[Black "b"]\n', "malformed_tag", 4, "before the moves"),
])
def test_a_bad_tag_or_layout_names_its_line(as_alice, text, code, line, says):
    body = _refused(as_alice, text, code)
    assert body["line"] == line and body["detail"].startswith(f"Line {line}: "), body
    assert says in body["detail"], body


def test_a_record_without_moves_is_refused(as_alice):
    body = _refused(as_alice, HEAD + "\n*\n", "no_moves")
    assert body["line"] is None


def test_a_record_over_the_size_caps_is_refused(as_alice, settings):
    _refused(as_alice, "1. Bb2-Cb2 " + " " * 70_000, "too_long")
    # 2,001 plies: the knights' shuffle (a threefold repetition would end it first, so each
    # side shuffles through a different cycle is not needed: the cap is checked before play).
    shuffle = " ".join(["NAb1-Aa3 NEd5-Ee3 NAa3-Ab1 NEe3-Ed5"] * 501)
    body = _refused(as_alice, shuffle, "too_long")
    assert (body["ply"], body["line"]) == (2001, 1)
