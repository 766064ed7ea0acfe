"""The German walk's judge of words (scripts/german_words.py): an English word that is no German
word is found, a word German shares with English, notation and names are not; and the repo's
allowed list (tests/i18n/allowed_words.txt) stays small: each word on it is one the judge
would flag otherwise (English and not German), so none is there for nothing."""
from __future__ import annotations

import pytest

from scripts import german_words

pytestmark = pytest.mark.wordlists


def test_english_words_are_found_and_german_ones_pass():
    text = "Resign the game? Turm, Name, Start und Bot; Bc2Cc2 NAb1-Aa3 Spielerin"
    assert german_words.english_words(text) == ["resign", "the", "game"]
    assert german_words.english_words("Quellen: Anthony Dickins; English") == []  # names


def test_a_name_passes_when_given():
    assert german_words.english_words("Star Trek", german_words.variant_name_words()) == []
    assert german_words.english_words("Gegner: Walker", {"walker"}) == []


def test_each_allowed_word_would_be_flagged_without_the_list():
    allowed = german_words.allowed()
    assert 0 < len(allowed) <= 40
    not_needed = sorted(w for w in allowed
                        if w not in german_words.english() or w in german_words.german())
    assert not_needed == [], "allowed words the judge passes anyway: take them off the list"


def test_an_allowed_title_passes_only_as_the_whole_title():
    assert "A Guide to Fairy Chess" in german_words.allowed_titles()
    assert german_words.english_words("gilt Dickins' A Guide to Fairy Chess, wie es") == []
    assert german_words.english_words("A guide to the rules") == ["guide", "to", "the", "rules"]
