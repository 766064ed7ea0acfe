"""parse_typed_move reads what a person types in the move box: coordinates or the readable
form the move list shows, in any letter case, with a one-sentence error otherwise."""
import pytest

import engine
from engine.notation import parse_typed_move


@pytest.mark.parametrize("typed", [
    "Bc2Cc2", "bc2cc2", "BC2CC2", "Bc2-Cc2", "bc2-cc2", "Bc2 - Cc2", "Bc2-Cc2+", "Cc2",
])
def test_a_pawn_move_is_read_from_any_of_its_spellings(typed):
    assert parse_typed_move(engine.Position.start(), typed).coord() == "Bc2Cc2"


@pytest.mark.parametrize("typed", ["NAb1-Cb2", "nab1-cb2", "Nab1cb2", "Ab1Cb2", "NCb2", "ncb2"])
def test_a_knight_move_is_read_from_coordinates_full_or_short_readable_form(typed):
    assert parse_typed_move(engine.Position.start(), typed).coord() == "Ab1Cb2"


def test_the_san_shown_in_the_move_list_reads_back_as_its_move():
    pos = engine.Position.start()
    for move in pos.legal_moves():
        assert parse_typed_move(pos, pos.san(move)) == move
        assert parse_typed_move(pos, pos.san(move).lower()) == move


def test_a_wrong_piece_letter_is_refused_with_the_reason():
    with pytest.raises(engine.IllegalMoveError, match="knight"):
        parse_typed_move(engine.Position.start(), "BAb1-Cb2")


def test_nonsense_gets_a_single_sentence_naming_both_forms():
    with pytest.raises(engine.MalformedMoveError) as info:
        parse_typed_move(engine.Position.start(), "hello")
    message = str(info.value)
    assert "Bc2-Cc2" in message and "Bc2Cc2" in message
    assert message.count("(") == message.count(")") <= 2 and message.count(".") == 1
