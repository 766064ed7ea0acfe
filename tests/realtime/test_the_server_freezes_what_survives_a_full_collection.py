"""With GC_FREEZE_SURVIVORS=1 the Daphne process moves the survivors of every full garbage
collection out of the collector's walk (raumschach_site/gc_tuning.py), so the next full collection walks only what
was made since; every GC_THAW_S seconds they are put back, so cycles frozen meanwhile are found."""
import gc

import pytest

from raumschach_site import gc_tuning


@pytest.fixture
def freezer_installed():
    added = []

    def install(thaw_every_s: float):
        callback = gc_tuning._survivor_freezer(thaw_every_s)
        gc.callbacks.append(callback)
        added.append(callback)

    yield install
    for callback in added:
        gc.callbacks.remove(callback)
    gc.unfreeze()


def test_a_full_collection_freezes_its_survivors(freezer_installed):
    gc.unfreeze()
    survivors = [[i] for i in range(1000)]  # tracked objects that live on
    freezer_installed(thaw_every_s=3600)
    gc.collect(1)
    assert gc.get_freeze_count() == 0  # a young collection leaves the walk alone
    gc.collect(2)
    assert gc.get_freeze_count() >= len(survivors)


def test_once_the_thaw_interval_has_passed_the_survivors_are_walked_again(freezer_installed):
    gc.unfreeze()
    gc.freeze()
    assert gc.get_freeze_count() > 0
    freezer_installed(thaw_every_s=0)
    gc.collect(2)
    assert gc.get_freeze_count() == 0
