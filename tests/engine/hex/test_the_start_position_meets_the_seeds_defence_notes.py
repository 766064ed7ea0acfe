"""The reconstructed start (docs/rules/hexraumschach.md section 3) meets every fact of the seed's
notes, counted with the naive generator's rules (no engine code): every pawn is defended at least
twice except White's on the Af and Bf files (Black's on Df and Ef), each defended once, by a
piece; each bishop is defended by a unicorn and each unicorn by a bishop; every piece except the
bishops is defended by at least two pieces."""
import pytest

from tests.engine import naive_hex as naive

BOARD = naive.read(naive.START).board


def defenders(cell) -> list[str]:
    mine = BOARD[cell].isupper()
    return [BOARD[c] for c in BOARD if c != cell and BOARD[c].isupper() == mine and naive.attacks(BOARD, c, cell)]


@pytest.mark.parametrize("colour", ["white", "black"])
def test_the_defence_facts(colour):
    mine = [c for c in BOARD if BOARD[c].isupper() == (colour == "white")]
    weak_files = ("Af", "Bf") if colour == "white" else ("Df", "Ef")
    for cell in mine:
        letter, name, guards = BOARD[cell].lower(), naive.name(cell), defenders(cell)
        if letter == "p":
            if name[:2] in weak_files:
                assert len(guards) == 1 and guards[0].lower() != "p", name
            else:
                assert len(guards) >= 2, name
        elif letter == "b":
            assert any(g.lower() == "u" for g in guards), name
        else:
            assert len(guards) >= 2, name
            if letter == "u":
                assert any(g.lower() == "b" for g in guards), name
