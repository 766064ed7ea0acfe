"""`python -m engine perft|moves ... --variant fiveup [--fen S] [--option castling=on]`."""
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Position

from tests.engine.fiveup.helpers import FIVEUP, fen

ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("option", [[], ["--option", "castling=on"]])
def test_perft_of_the_start(option):
    out = run("perft", "2", "--variant", "fiveup", "--core", "python", *option)
    assert out.returncode == 0 and out.stdout.split() == ["42097"]


def test_moves_lists_the_legal_moves_sorted_one_a_line():
    text = fen({"Ac1": "K", "Ab1": "N", "Ec5": "k"}, reserves="W", unmoved="Ab1")
    out = run("moves", "--variant", "fiveup", "--fen", text)
    assert out.returncode == 0
    lines = out.stdout.split()
    assert lines == sorted(lines) == sorted(m.coord(FIVEUP) for m in Position.from_fen(text, FIVEUP).legal_moves())
    assert "Ab1Bb3/w" in lines


@pytest.mark.parametrize("args,message", [
    (["--fen", FIVEUP.start_fen.replace(" WGSwgs ", " WWgs ")], "bad position string: reserves"),
    (["--fen", "rnknr w 0 1"], "bad position string: expected 7"),
    (["--option", "castle=on"], "Five Up has no option 'castle'"),
])
def test_a_malformed_input_exits_non_zero_with_a_message(args, message):
    out = run("moves", "--variant", "fiveup", *args)
    assert out.returncode == 2 and message in out.stderr and out.stdout == ""


def test_an_unknown_variant_is_refused():
    out = run("perft", "1", "--variant", "chess")
    assert out.returncode == 2 and "unknown variant 'chess'" in out.stderr
