"""`python -m engine perft|moves ... --variant hexraumschach [--fen S]`: counts, sorted legal moves
one a line, and a non-zero exit with a message for a malformed string."""
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Position

from tests.engine.hex.helpers import HEX, fen

ROOT = Path(__file__).resolve().parents[3]


def run(*args):
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_perft_of_the_start():
    out = run("perft", "2", "--variant", "hexraumschach")
    assert out.returncode == 0 and out.stdout.split() == ["2807"]


def test_perft_of_a_given_position():
    text = fen({"Ad1": "K", "Cd4": "Q", "Ed7": "k"})
    out = run("perft", "1", "--variant", "hexraumschach", "--fen", text)
    assert out.returncode == 0
    assert int(out.stdout) == len(Position.from_fen(text, HEX).legal_moves())


def test_moves_lists_the_legal_moves_sorted_one_a_line():
    text = fen({"Ad1": "K", "Cd4": "P", "Dc4": "n", "Ed7": "k"})
    out = run("moves", "--variant", "hexraumschach", "--fen", text)
    assert out.returncode == 0
    lines = out.stdout.split()
    assert lines == sorted(lines) == sorted(m.coord(HEX) for m in Position.from_fen(text, HEX).legal_moves())
    # the pawn: up the file, up a level, and the capture at up-left of the cell above (Dc4)
    assert {"Cd4Cd5", "Cd4Dd4", "Cd4Dc4"} <= {m for m in lines if m.startswith("Cd4")}


@pytest.mark.parametrize("text,message", [
    ("4/4p/4pq/4prk w 0 1", "bad position string: placement has 1 levels"),
    (HEX.start_fen.replace("KRP4", "KRP5"), "bad position string: level A file d has 8 cells, expected 7"),
    (HEX.start_fen.replace(" w 0 1", " w 0"), "bad position string: expected 4"),
    # a Raumschach string in a hex game
    ("rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1",
     "bad position string: level E has 5 files separated by '/', expected 7 (a to g)"),
])
def test_a_malformed_string_exits_non_zero_with_a_message(text, message):
    out = run("moves", "--variant", "hexraumschach", "--fen", text)
    assert out.returncode == 2 and message in out.stderr and out.stdout == ""
