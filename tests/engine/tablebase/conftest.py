"""Tables for the tablebase tests: made once per test process into a temporary directory
(every 3-piece ending, ~1 s, and two 4-piece endings, KQvKR and KRRvK (two alike pieces), ~5 s CPU each)
and loaded; forgotten afterwards so other tests search without them."""
from __future__ import annotations

import pytest

from tests.engine.conftest import require_native

ENDINGS = ["KQvK", "KUvK", "KRvK", "KBvK", "KNvK", "KQvKR", "KRRvK"]


@pytest.fixture(scope="session")
def tables(tmp_path_factory):
    require_native()
    from engine import tablebase
    from engine.tablebase.generate import generate, read_stats

    where = tmp_path_factory.mktemp("tablebases")
    generate(ENDINGS, where, log=lambda line: None)
    yield {"dir": where, "stats": read_stats(where)}
    tablebase.unload(reset=True)


@pytest.fixture
def loaded(tables):
    """The test's tables are the loaded ones (another test may have unloaded them)."""
    from engine import tablebase

    tablebase.load(tables["dir"], force=True)
    yield tables
    # Forgotten after each test, not only at the session's end: the tables are the process's,
    # and a later test in this process (the shipped puzzles' verdicts, found without tables)
    # would otherwise search with them.
    tablebase.unload(reset=True)
