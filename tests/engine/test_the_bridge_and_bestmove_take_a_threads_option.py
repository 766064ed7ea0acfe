"""The native search's threads from the command line: `bestmove --threads N`, `bridge
--threads N`, and the bridge's `setoption name Threads value N` (listed after `uci` as a spin
option); a bad value is refused and the bridge keeps going."""
from __future__ import annotations

import argparse
import io

import pytest

from engine import Position
from engine import cli_bridge, cli_search
from engine.cli import main
from engine.search import levels


@pytest.fixture(autouse=True)
def _native(native):
    return native


@pytest.fixture
def asked(monkeypatch) -> list:
    """The threads each search was asked for (the real searches still run)."""
    seen = []
    real_choose, real_engine = levels.choose_move, cli_search.full_engine

    def choose(*args, threads=None, **kwargs):
        seen.append(threads)
        return real_choose(*args, threads=threads, **kwargs)

    def engine(variant, seed, threads=None):
        searcher = real_engine(variant, seed, threads)
        seen.append(searcher.threads)
        return searcher

    monkeypatch.setattr(levels, "choose_move", choose)
    monkeypatch.setattr(cli_search, "full_engine", engine)
    monkeypatch.setattr(cli_bridge, "full_engine", engine)
    return seen


def serve(lines: list[str], **args) -> list[str]:
    out = io.StringIO()
    namespace = argparse.Namespace(level=2, movetime=None, seed=1, threads=None)
    vars(namespace).update(args)
    assert cli_bridge.serve(namespace, io.StringIO("\n".join([*lines, "quit"]) + "\n"), out) == 0
    return out.getvalue().splitlines()


def test_setoption_threads_reaches_the_next_search(asked):
    answers = serve(["uci", "setoption name Threads value 2", "position startpos", "go",
                     "setoption name Threads value none", "setoption name Threads value 0", "go"], level=4)
    assert "option name Threads type spin default 1 min 1 max 8" in answers
    assert answers[-3].startswith("error Threads 'none'") and answers[-2].startswith("error Threads '0'")
    assert [a.split()[0] for a in (answers[-4], answers[-1])] == ["bestmove", "bestmove"]
    assert asked == [2, 2]  # the bad values changed nothing


def test_the_bridges_move_time_searches_the_full_engine_on_its_threads(asked):
    answers = serve(["position startpos moves Bb2Cb2"], movetime=0.2, threads=2)
    after = Position.start()
    after.push_checked("Bb2Cb2")
    assert after.parse_coord(answers[0].split()[1]) in after.legal_moves()
    assert asked == [2]


def test_bestmove_threads(asked, capsys):
    assert main(["bestmove", "--depth", "4", "--threads", "2"]) == 0
    assert main(["bestmove", "--level", "3", "--threads", "2"]) == 0
    assert main(["bestmove", "--depth", "2"]) == 0
    assert asked == [2, 2, 1]
    assert main(["bestmove", "--depth", "2", "--threads", "0"]) == 2
    assert "--threads must be positive" in capsys.readouterr().err
