"""A Five Up position string read and written again comes back unchanged, through the engine
and through the naive generator's own reader and writer: the start and every position of the
seeded random games."""
from . import fiveup_engine as eng
from . import naive_fiveup as naive
from .fiveup_random_games import walked


def strings() -> list[str]:
    return [naive.START] + [s.fen for castling in (False, True) for s in walked(castling)[0]]


def test_the_engine_writes_back_what_it_read():
    for fen in strings():
        assert eng.position(fen).fen() == fen


def test_the_naive_generator_writes_back_what_it_read():
    for fen in strings():
        assert naive.write(naive.read(fen)) == fen


def test_the_strings_carry_every_field_the_ruling_names():
    # the games above exercise them; a walk that never leaves the start would prove little
    fields = [fen.split() for fen in strings()]
    assert any(f[4] != "-" and "," in f[4] for f in fields), "an L-step with both passed cells"
    assert any(f[4] != "-" and "," not in f[4] for f in fields)
    assert any(f[2] not in ("-", "WGSwgs") for f in fields) and any(f[2] == "-" for f in fields)
    assert any(f[3] == "-" for f in fields)
