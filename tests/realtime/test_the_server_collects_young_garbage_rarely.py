"""The Daphne process raises the collector's thresholds (raumschach_site/gc_tuning.py): at 1,000
live games Python's 700-allocation young collections promoted the objects of requests in flight
into the oldest generation fast enough for a full collection every few seconds
(docs/performance.md, issue 30). GC_THRESHOLD overrides them; a bad value is refused."""
import gc

import pytest

from raumschach_site import gc_tuning


@pytest.fixture
def thresholds_restored(monkeypatch):
    before = gc.get_threshold()
    monkeypatch.setenv("GC_FREEZE", "0")
    yield
    gc.set_threshold(*before)


def test_the_server_starts_with_its_own_thresholds(thresholds_restored, monkeypatch):
    monkeypatch.delenv("GC_THRESHOLD", raising=False)
    gc_tuning.tune_after_startup()
    assert gc.get_threshold() == gc_tuning.SERVER_THRESHOLDS == (50_000, 20, 100)


def test_python_gives_pythons_own_thresholds_back(thresholds_restored, monkeypatch):
    monkeypatch.setenv("GC_THRESHOLD", "python")
    gc_tuning.tune_after_startup()
    assert gc.get_threshold() == (700, 10, 10)


def test_explicit_counts_are_used_as_given(thresholds_restored, monkeypatch):
    monkeypatch.setenv("GC_THRESHOLD", "10000,15,50")
    gc_tuning.tune_after_startup()
    assert gc.get_threshold() == (10000, 15, 50)


@pytest.mark.parametrize("bad", ["lots", "1,2,3,4", "-5", "700,,10"])
def test_a_malformed_setting_is_refused_with_its_value_in_the_message(bad):
    with pytest.raises(ValueError, match="GC_THRESHOLD"):
        gc_tuning.thresholds_from(bad)
