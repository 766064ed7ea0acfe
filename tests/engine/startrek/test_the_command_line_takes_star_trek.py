"""`python -m engine perft N --variant startrek [--fen S]` and `python -m engine moves --variant
startrek --fen S` (sorted coordinate moves, one a line); a malformed string exits non-zero."""
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Position

from tests.engine.startrek.helpers import STARTREK, fen

ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("core", ["native", "python"])
def test_perft_of_the_start_on_either_requested_core(core):
    out = run("perft", "2", "--variant", "startrek", "--core", core)
    assert out.returncode == 0 and out.stdout.split() == ["225"]


def test_perft_of_a_given_position():
    text = fen({"Ad0": "K", "Gd9": "k", "Az0": "R"})
    out = run("perft", "1", "--variant", "startrek", "--fen", text)
    assert out.returncode == 0
    assert int(out.stdout) == len(Position.from_fen(text, STARTREK).legal_moves())


def test_moves_lists_piece_and_board_moves_sorted_one_a_line():
    text = fen({"Ad0": "K", "Gd9": "k", "Az0": "R", "Ba2": "P"}, unmoved="Ba2")
    out = run("moves", "--variant", "startrek", "--fen", text)
    assert out.returncode == 0
    lines = out.stdout.split()
    assert lines == sorted(lines) == sorted(m.coord(STARTREK) for m in Position.from_fen(text, STARTREK).legal_moves())
    assert {"Ba2Ba4", "Ba2Ca3", "Q1dK2u", "Az0Aa0"} <= set(lines)


@pytest.mark.parametrize("text,message", [
    ("rq2kr w K1d 0 1", "bad position string: expected 6"),
    (STARTREK.start_fen.replace("Q6u", "Q6x"), "bad position string: pins: 'Q6x' is not a pin"),
])
def test_a_malformed_string_exits_non_zero_with_a_message(text, message):
    out = run("moves", "--variant", "startrek", "--fen", text)
    assert out.returncode == 2 and message in out.stderr and out.stdout == ""
