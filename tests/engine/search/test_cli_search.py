"""python -m engine bestmove / match / bench."""
import re

from engine import Position
from engine.cli import main
from engine.search.searcher import format_score

INFO = re.compile(r"^info depth (\d+) score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time [\d.]+ pv( [A-E][a-e][1-5][A-E][a-e][1-5][qrbnu]?)+$")


def test_bestmove_prints_one_info_line_per_depth_and_the_move_last(capsys):
    assert main(["bestmove", "--depth", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [INFO.match(line).group(1) for line in lines[:-1]] == ["1", "2", "3"]
    assert Position.start().parse_san(lines[-1]) in Position.start().legal_moves()


def test_bestmove_by_level_and_by_movetime(capsys):
    assert main(["bestmove", "--level", "2", "--seed", "4"]) == 0
    assert main(["bestmove", "--movetime", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "info depth 3" in out


def test_bestmove_rejects_an_unknown_level(capsys):
    assert main(["bestmove", "--level", "9"]) == 2
    assert "unknown level" in capsys.readouterr().err


def test_bestmove_on_a_finished_game_says_so(capsys):
    fen = "5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/1Q3/k1K2 b 0 1"
    assert main(["bestmove", "--fen", fen, "--depth", "2"]) == 1
    assert "no legal move" in capsys.readouterr().err


def test_match_prints_results_and_elo(capsys):
    assert main(["match", "1", "0", "--games", "2", "--max-plies", "16"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Easy vs Beginner: \+\d+ =\d+ -\d+", out)
    assert re.search(r"Elo difference: [+-]\d+ \+/- \d+", out)


def test_bench_prints_the_node_signature(capsys):
    assert main(["bench", "--depth", "2", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^total nodes \d+$", out, re.M)
    assert re.search(r"^nodes/s \d+$", out, re.M)


def test_bench_prints_every_rounds_rate_and_their_median(capsys):
    assert main(["bench", "--depth", "2", "--runs", "1", "--rounds", "3", "--no-compare"]) == 0
    out = capsys.readouterr().out
    by_round = re.search(r"core nodes/s by round: (\d+), (\d+), (\d+); median (\d+) of 3 rounds", out)
    assert by_round
    rates = sorted(int(x) for x in by_round.groups()[:3])
    assert int(by_round.group(4)) == rates[1]
    assert out.rstrip().splitlines()[-1] == f"nodes/s {rates[1]}"


def test_mate_scores_are_printed_in_moves():
    assert format_score(30000 - 3) == "mate 2"
    assert format_score(-(30000 - 2)) == "mate -1"
