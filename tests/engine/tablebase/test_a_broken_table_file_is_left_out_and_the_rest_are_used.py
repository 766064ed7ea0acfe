"""A table file that cannot be used (cut short, say) is left out with a warning when the tables
are loaded; the others are used, and the search runs."""
from __future__ import annotations

import logging
import shutil

from engine import tablebase
from engine.position import Position
from engine.search.native import NativeSearcher
from engine.search.searcher import SearchLimits

KQK = "5/5/5/5/5|5/5/5/5/5|5/5/2k2/5/5|5/5/5/5/5|1Q3/5/5/5/K4 w 0 1"


def test_a_broken_table_file_is_left_out_and_the_rest_are_used(loaded, tmp_path, caplog):
    for name in ("KQvK", "KRvK"):
        shutil.copy(loaded["dir"] / f"{name}.rtb", tmp_path / f"{name}.rtb")
    (tmp_path / "KQvK.rtb").write_bytes((tmp_path / "KQvK.rtb").read_bytes()[:1000])
    try:
        with caplog.at_level(logging.WARNING, logger="engine.tablebase"):
            assert tablebase.load(tmp_path, force=True) == ["KRvK"]
        assert "KQvK.rtb" in caplog.text
        assert tablebase.probe(Position.from_fen(KQK)) is None
        assert tablebase.probe(Position.from_fen(KQK.replace("1Q3", "1R3"))).result == "draw"
        assert NativeSearcher(tt_mb=4).search(Position.from_fen(KQK), SearchLimits(depth=2)).move is not None
    finally:
        tablebase.load(loaded["dir"], force=True)
