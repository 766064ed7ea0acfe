"""The position string: parsing, writing, round trip, and precise errors for bad input."""
import pytest

from engine import START_FEN, Position, PositionError, WHITE, BLACK, ROOK, KING, PAWN, parse_cell


def test_the_start_position_string_round_trips():
    assert Position.start().fen() == START_FEN
    assert Position.from_fen(START_FEN).fen() == START_FEN


def test_the_start_position_places_the_pieces_of_the_rules():
    pos = Position.start()
    assert pos.piece_at(parse_cell("Aa1")) == (ROOK, WHITE)
    assert pos.piece_at(parse_cell("Ac1")) == (KING, WHITE)
    assert pos.piece_at(parse_cell("Ec5")) == (KING, BLACK)
    assert pos.piece_at(parse_cell("Bc2")) == (PAWN, WHITE)
    assert pos.piece_at(parse_cell("Cc3")) is None
    assert pos.turn == WHITE and pos.halfmove_clock == 0 and pos.fullmove_number == 1
    assert pos.king(WHITE) == parse_cell("Ac1") and pos.king(BLACK) == parse_cell("Ec5")
    assert len(pos.pieces(PAWN, WHITE)) == 10 and len(pos.pieces(PAWN, BLACK)) == 10


def test_side_and_clocks_are_read_and_written():
    fen = "4k/5/5/5/5|5/5/5/5/5|5/5/2Q2/5/5|5/5/5/5/5|5/5/5/5/K4 b 17 42"
    pos = Position.from_fen(fen)
    assert pos.turn == BLACK and pos.halfmove_clock == 17 and pos.fullmove_number == 42
    assert pos.fen() == fen


def test_extra_whitespace_between_fields_is_tolerated_and_normalised():
    assert Position.from_fen("  " + START_FEN.replace(" ", "   ") + " ").fen() == START_FEN


def test_s_is_read_as_a_knight():
    assert Position.from_fen(START_FEN.replace("RNKNR", "RSKSR")).fen() == START_FEN


K = "4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4"


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "expected 4 space-separated fields"),
        (START_FEN + " 7", "expected 4 space-separated fields"),
        (START_FEN.replace(" w ", " x "), "side to move must be 'w' or 'b'"),
        (START_FEN.replace(" 0 1", " -1 1"), "halfmove clock"),
        (START_FEN.replace(" 0 1", " 0 0"), "fullmove number"),
        (START_FEN.replace(" 0 1", " 0 one"), "fullmove number"),
        ("5/5/5/5/5|" + START_FEN, "placement has 6 levels"),
        (START_FEN.replace("|5/5/5/5/5|", "|5/5/5/5|"), "level C has 4 ranks"),
        (START_FEN.replace("rnknr", "rnkxr"), "level E rank 5: bad letter 'x'"),
        (START_FEN.replace("rnknr", "rnk0r"), "level E rank 5: bad letter '0'"),
        (START_FEN.replace("RNKNR", "RNKNRR"), "level A rank 1 has 6 cells"),
        (START_FEN.replace("BUQBU", "BUQB"), "level B rank 1 has 4 cells"),
        (START_FEN.replace("|5/5/5/5/5|", "|5/5/6/5/5|"), "level C rank 3: bad letter '6'"),
        (START_FEN.replace("RNKNR", "RN1NR"), "white has no king"),
        (START_FEN.replace("rnknr", "rnkkr"), "black has 2 kings"),
        ("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5 w 0 1", "white has no king"),
        # Black is in check from the rook on Ee1 while White is to move: impossible.
        ("4k/5/5/5/4R|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1", "black is in check but it is white to move"),
        ("2P1k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1", "white pawn on Ec5, its promotion row"),
        ("4k/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/K1p2 b 0 1", "black pawn on Ac1, its promotion row"),
    ],
)
def test_a_malformed_position_string_says_what_is_wrong(text, message):
    with pytest.raises(PositionError, match=message.replace("(", r"\(").replace(")", r"\)")) as info:
        Position.from_fen(text)
    assert isinstance(info.value, ValueError)


def test_a_position_string_must_be_text():
    with pytest.raises(PositionError, match="must be text"):
        Position.from_fen(None)


def test_a_valid_sparse_position_is_accepted():
    assert Position.from_fen(K + " w 0 1").fen() == K + " w 0 1"
