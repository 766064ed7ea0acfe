"""The pages' door (games.variant_words) looks the engine's English up word for word and shows a
text it does not know as it is: so a game whose summary, piece or option label changes in the
engine, or a new game, would show English on a German page without this check."""
from django.utils import translation

import engine
from games import variant_words
from tests.conftest import declared_variant_keys


def test_every_game_s_summary_piece_names_and_option_labels_are_in_the_table():
    missing = []
    # The games engine/variants/ declares, not the test variants other tests register.
    keys = declared_variant_keys()
    assert set(keys) >= {"raumschach", "fiveup", "hexraumschach", "startrek"}
    for variant in map(engine.variant_by_key, keys):
        described = variant.describe()
        if described["summary"] not in variant_words.SUMMARIES:
            missing.append(f"{variant.key}: summary {described['summary']!r}")
        missing += [f"{variant.key}: piece {p['name']!r}" for p in described["pieces"]
                    if p["name"] not in variant_words.PIECES]
        missing += [f"{variant.key}: option {spec['label']!r}"
                    for spec in described.get("options", {}).values()
                    if "label" in spec and spec["label"] not in variant_words.OPTION_LABELS]
    assert missing == [], "engine words with no German: " + "; ".join(missing)


def test_a_known_word_is_german_and_an_unknown_text_is_shown_as_it_is():
    with translation.override("de"):
        assert variant_words.piece_words("unicorn") == "Einhorn"
        assert variant_words.option_words("Castling (optional rule)") == "Rochade (wahlweise Regel)"
        assert variant_words.summary_words("A game nobody translated.") == "A game nobody translated."
