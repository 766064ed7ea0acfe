"""Variants are found by key; an unknown key or option is a clear ValueError."""
import pytest

import engine
from engine import UnknownVariantError, VariantOptionError, variant_by_key


def test_both_games_are_registered_by_key():
    assert set(engine.VARIANTS) >= {"raumschach", "fiveup"}
    assert variant_by_key("fiveup").name == "Five Up"


def test_an_unknown_key_names_the_known_ones():
    with pytest.raises(UnknownVariantError, match="unknown variant 'chess'; variants are .*fiveup.*raumschach"):
        variant_by_key("chess")
    assert issubclass(UnknownVariantError, ValueError)


def test_options_make_a_variant_with_those_values():
    fiveup = variant_by_key("fiveup")
    on = fiveup.with_options(castling=True)
    assert on.option_values == {"castling": True} and on.castling and not fiveup.castling
    assert fiveup.with_options(castling="on") is on and on.with_options(castling=False) is fiveup
    assert on.key == "fiveup"


@pytest.mark.parametrize("options,message", [
    ({"castle": True}, "Five Up has no option 'castle'"),
    ({"castling": "maybe"}, "on or off"),
])
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(VariantOptionError, match=message):
        variant_by_key("fiveup").with_options(**options)
    with pytest.raises(VariantOptionError, match="Raumschach has no option"):
        engine.RAUMSCHACH.with_options(castling=True)
