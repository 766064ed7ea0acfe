"""`python -m engine match A B --threads TA TB`: each level player searches on its own number
of threads (named `[Nt]`), so Lazy SMP can be matched against one thread at equal wall time."""
import pytest

from engine.cli import main
from engine.search import levels
from engine.search.match import run_match


@pytest.fixture(autouse=True)
def _native(native):
    return native


def test_each_player_searches_on_its_threads(monkeypatch):
    seen = {}
    real = levels.make_searcher

    def make(cfg, seed, core=None, threads=None):
        searcher = real(cfg, seed, core, threads)
        seen.setdefault(threads, set()).add(searcher.threads)
        return searcher

    monkeypatch.setattr(levels, "make_searcher", make)
    match = run_match("5@0.05", "5@0.05", 2, seed=3, max_plies=6, min_depth=False, threads=(2, 1))
    assert (match.name_a, match.name_b) == ("Master@0.05s[2t]", "Master@0.05s[1t]")
    assert seen == {2: {2}, 1: {1}}


def test_the_command_refuses_no_threads(capsys):
    assert main(["match", "5@0.05", "5@0.05", "--games", "2", "--threads", "0", "1"]) == 2
    assert "--threads" in capsys.readouterr().err
