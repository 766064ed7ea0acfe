"""An analysis job stores its failure in English (it runs outside any request); the API and the
replay page, which read it through analysis.selectors, give it in the reader's language."""
from django.utils import translation

from analysis.selectors import FAILED_PREFIX, NOT_QUEUED, error_words


def test_each_stored_failure_is_said_in_german_and_another_text_as_it_is():
    with translation.override("de"):
        assert error_words(NOT_QUEUED) == "Die Analyse konnte nicht eingereiht werden."
        assert error_words(f"{FAILED_PREFIX}ValueError.") == "Die Analyse ist fehlgeschlagen: ValueError."
        assert error_words("") == ""
        assert error_words("Something else.") == "Something else."
    with translation.override("en"):
        assert error_words(f"{FAILED_PREFIX}ValueError.") == "The analysis failed: ValueError."
