"""``python -m engine tablebase``: generate makes the named tables (and leaves made ones
alone), probe answers a position with its value and best moves, report prints the table of
results; a name it does not know is refused with exit status 2 and the known names."""
from __future__ import annotations

from engine import tablebase
from engine.cli import main

KQK = "5/5/5/5/5|5/5/5/5/5|5/5/2k2/5/5|5/5/5/5/5|1Q3/5/5/5/K4 w 0 1"


def test_the_command_line_makes_probes_and_reports_tables(loaded, tmp_path, capsys):
    try:
        assert main(["tablebase", "generate", "KQvK", "KRvK", "--dir", str(tmp_path)]) == 0
        made = capsys.readouterr().out
        assert "KQvK: 312,564 bytes" in made and "KRvK: 64 bytes" in made
        assert main(["tablebase", "generate", "KQvK", "--dir", str(tmp_path)]) == 0
        assert "is there" in capsys.readouterr().out
        assert main(["tablebase", "probe", "--fen", KQK, "--dir", str(tmp_path)]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out[0].startswith("win in ") and out[1].startswith("best: ")
        assert main(["tablebase", "report", "--dir", str(tmp_path)]) == 0
        report = capsys.readouterr().out
        assert "| KQvK | White | 1,217,768 | 1,217,768 (100.0 %) |" in report
        assert main(["tablebase", "generate", "KXvK", "--dir", str(tmp_path)]) == 2
        assert "no such ending: KXvK" in capsys.readouterr().err
    finally:
        tablebase.load(loaded["dir"], force=True)
