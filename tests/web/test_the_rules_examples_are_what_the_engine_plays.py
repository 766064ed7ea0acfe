"""The rules page's worked examples (issue 29 item 17), for Raumschach, Five Up, Hexagonal
Raumschach and Star Trek (a pawn and a promotion only), are what their titles say, by the
engine: the pawn's moves include a step forward, a step up and a capture; the promotion
promotes; the check is a plain check; the boardmate leaves the king moves on other levels only;
the spacemate is checkmate and ends the game. And the page shows them."""
import json
import re

import pytest

import engine
from games.rules_examples import EXAMPLES, worked_examples

EXAMPLE_KEYS = [(variant, example.key) for variant, examples in EXAMPLES.items() for example in examples]


def _example(variant_key: str, key: str) -> dict:
    return next(e for e in worked_examples(variant_key) if e["key"] == key)


@pytest.mark.parametrize("variant_key, key", EXAMPLE_KEYS)
def test_each_example_is_what_its_title_says(variant_key, key):
    variant = engine.variant_by_key(variant_key)
    names = variant.geometry.names
    example = _example(variant_key, key)
    before = engine.Position(example["before"], variant)
    # A legal position: the side that just moved is not left in check.
    before.push_null()
    assert not before.is_check(), example["before"]
    before.pop_null()
    level = lambda cell: variant.geometry.layout[variant.geometry.names.index(cell)][0]  # noqa: E731
    if key == "pawn":
        pawn = before.piece_at(names.index(example["from"]))
        assert pawn is not None and pawn[0] == engine.PAWN
        targets = {m[3:] for m in example["moves"]}
        assert any(level(t) == level(example["from"]) and before.piece_at(names.index(t)) is None for t in targets)
        assert any(level(t) != level(example["from"]) and before.piece_at(names.index(t)) is None for t in targets)
        assert any(before.piece_at(names.index(t)) is not None for t in targets)  # a capture
        return
    after = engine.Position(example["fen"], variant)
    san = example["san"]
    if key == "promotion":
        assert "=" in san
        assert after.piece_at(names.index(example["move"][3:6]))[0] != engine.PAWN
    elif key == "check":
        assert after.is_check() and san.endswith("+") and not san.endswith("++")
        king = names[after.king(after.turn)]
        assert any(r.startswith(king) and level(r[3:6]) == level(king) for r in example["replies"])
    elif key == "boardmate":
        assert after.is_check() and san.endswith("++") and not after.is_checkmate()
        king = names[after.king(after.turn)]
        own_level = [r for r in example["replies"] if r.startswith(king) and level(r[3:6]) == level(king)]
        assert example["replies"] and not own_level
    elif key == "spacemate":
        assert san.endswith("#") and after.is_checkmate() and example["mate"]
        assert after.outcome().termination == engine.Termination.CHECKMATE
    else:
        pytest.fail(f"an example of nothing known: {key}")


@pytest.mark.parametrize("variant_key", ["raumschach", "fiveup", "hexraumschach"])
def test_each_cube_variant_has_every_kind_of_example(variant_key):
    assert [e.key for e in EXAMPLES[variant_key]] == ["pawn", "promotion", "check", "boardmate", "spacemate"]


@pytest.mark.parametrize("variant_key", ["raumschach", "fiveup", "hexraumschach"])
def test_the_rules_page_embeds_the_examples(client, variant_key):
    html = client.get(f"/rules/{variant_key}/").content.decode()
    assert "Worked examples" in html
    embedded = json.loads(re.search(r'<script id="rules-examples-data" type="application/json">(.*?)</script>',
                                    html, re.S).group(1))
    assert [e["key"] for e in embedded] == ["pawn", "promotion", "check", "boardmate", "spacemate"]
    assert embedded[-1]["san"].endswith("#")
