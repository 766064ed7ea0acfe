"""`python -m engine perft|moves|show|bench-perft`: the forms scripts rely on."""
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Position

ROOT = Path(__file__).resolve().parents[2]
CHECK = "4k/5/5/5/2r2|5/5/5/5/5|5/5/u1b2/5/2R2|5/5/5/1P3/5|5/5/5/5/2K2 w 0 1"


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_perft_prints_the_node_count_as_the_last_line():
    out = run("perft", "2")
    assert out.returncode == 0
    assert out.stdout.strip().splitlines()[-1] == "3615"


def test_perft_divide_lists_each_root_move_then_the_total():
    lines = run("perft", "2", "--divide").stdout.strip().splitlines()
    assert len(lines) == 62 and lines[-1] == "3615"
    assert lines[0].split()[0] == "Aa2Aa3" and sum(int(l.split()[1]) for l in lines[:-1]) == 3615


def test_perft_takes_a_position_string():
    assert run("perft", "1", "--fen", CHECK).stdout.strip().splitlines()[-1] == "9"


def test_moves_prints_legal_coordinate_moves_sorted():
    lines = run("moves").stdout.split()
    assert len(lines) == 61 and lines == sorted(lines)
    assert lines == sorted(m.coord() for m in Position.start().legal_moves())


def test_show_draws_the_five_levels():
    out = run("show").stdout
    for level in "EDCBA":
        assert f"level {level}" in out
    assert "r n k n r" in out and "R N K N R" in out and "white to move" in out


@pytest.mark.parametrize("command", [["perft", "1"], ["moves"], ["show"]])
def test_a_bad_position_string_exits_non_zero_with_the_reason(command):
    out = run(*command, "--fen", "rnknr w 0 1")
    assert out.returncode != 0
    assert "placement has 1 levels" in out.stderr and out.stdout == ""


def test_bench_perft_reports_a_median_and_nodes_per_second():
    out = run("bench-perft", "--depths", "2", "--runs", "3")
    assert out.returncode == 0
    assert "perft 2: 3615 nodes, median" in out.stdout and "nodes/s" in out.stdout
