"""Bad input to the tables changes nothing and says why: a truncated or foreign file, a table
for a variant whose pieces move otherwise (Five Up's unicorn leaps), a material with a pawn or
without a king; a position with a pawn or five pieces is simply not in the tables."""
from __future__ import annotations

import shutil

import pytest

from engine import tablebase
from engine.core import native_handle, native_module
from engine.pieces import PAWN, QUEEN, ROOK, UNICORN
from engine.position import Position
from engine.variants import variant_by_key


def test_a_table_is_refused_for_other_rules_a_broken_file_or_pawns(loaded, tmp_path):
    native = native_module()
    rs, fiveup = native_handle(variant_by_key("raumschach")), native_handle(variant_by_key("fiveup"))
    good = loaded["dir"] / "KQvK.rtb"
    broken = tmp_path / "KQvK.rtb"
    broken.write_bytes(good.read_bytes()[:-1])
    with pytest.raises(ValueError, match="truncated"):
        native.tb_load(rs, str(broken))
    broken.write_bytes(b"not a table" * 10)
    with pytest.raises(ValueError, match="not a tablebase file"):
        native.tb_load(rs, str(broken))
    shutil.copy(loaded["dir"] / "KUvK.rtb", tmp_path / "KUvK.rtb")
    with pytest.raises(ValueError, match="symmetries|other moves|not the variant"):
        native.tb_load(fiveup, str(tmp_path / "KUvK.rtb"))
    with pytest.raises(ValueError, match="pawn"):
        native.tb_generate(rs, [PAWN], [], str(tmp_path / "x.rtb"))
    with pytest.raises(ValueError, match="highest kind number first"):
        native.tb_generate(rs, [ROOK, QUEEN], [], str(tmp_path / "x.rtb"))
    with pytest.raises(ValueError, match="too many pieces"):
        native.tb_generate(rs, [QUEEN, ROOK, UNICORN], [], str(tmp_path / "x.rtb"))
    assert not (tmp_path / "x.rtb").exists()
    # the loaded tables still answer; positions outside them are not answered
    kqk = "5/5/5/5/5|5/5/5/5/5|5/5/2k2/5/5|5/5/5/5/5|1Q3/5/5/5/K4 w 0 1"
    assert tablebase.probe(Position.from_fen(kqk)) is not None
    assert tablebase.probe(Position.from_fen("5/5/5/5/5|5/5/5/5/5|5/5/2k2/5/5|5/5/5/P4/5|1Q3/5/5/5/K4 w 0 1")) is None
    assert tablebase.probe(Position.from_fen("5/5/5/5/5|5/5/5/5/5|5/5/2kr1/5/5|5/5/5/R4/5|1Q3/5/5/5/K4 b 0 1")) is None
