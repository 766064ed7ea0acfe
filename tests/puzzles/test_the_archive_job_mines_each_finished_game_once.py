"""The archive job (puzzles_mine command, Celery beat's puzzles.tasks.mine_archive) gives each
finished game not mined yet to the engine's miner, stores the puzzles it finds (checked, with
their game), and never mines a game twice; aborted and running games are left alone. Without
engine.puzzles it says "miner unavailable" and does nothing."""
import random
from dataclasses import dataclass
from io import StringIO

import engine
import pytest
from django.core.management import call_command

from puzzles import mining
from puzzles.models import MinedGame, Puzzle
from tests.explorer.archive import new_game, play_random
from tests.puzzles.lines import LINES

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Found:  # engine.puzzles.Puzzle's fields
    variant: str
    fen: str
    solution: tuple
    themes: tuple
    depth: int
    source: str


class FakeMiner:
    """Finds LINES' puzzle of the game's variant in every game (and one bad line)."""

    def __init__(self):
        self.calls = []

    def __call__(self, variant, start_fen, moves, *, depth, options=None, source=""):
        self.calls.append((variant, len(moves), depth, source))
        fen, line = LINES[(variant, 1)]
        return [Found(variant, fen, line, ("mate",), depth, source),
                Found(variant, fen, line[:2], (), depth, source)]  # even length: refused


def test_each_finished_game_is_mined_once(alice, bob):
    rng = random.Random(3)
    done = [play_random(new_game(alice, bob, key), 4, rng) for key in ("raumschach", "fiveup")]
    play_random(new_game(alice, bob), 1, rng, end="abort")
    play_random(new_game(alice, bob), 2, rng, end="none")
    miner = FakeMiner()
    assert mining.puzzles_mine_archive(miner=miner, depth=3) == {"status": "ok", "games": 2, "puzzles": 2}
    assert sorted(c[0] for c in miner.calls) == ["fiveup", "raumschach"]
    assert all(c[1] >= 4 and c[2] == 3 for c in miner.calls)
    assert set(Puzzle.objects.values_list("game_id", flat=True)) == {g.pk for g in done}
    assert set(MinedGame.objects.values_list("game_id", "puzzles")) == {(g.pk, 1) for g in done}
    assert mining.puzzles_mine_archive(miner=miner) == {"status": "ok", "games": 0, "puzzles": 0}
    assert len(miner.calls) == 2


def test_without_a_miner_the_job_says_so(alice, bob, monkeypatch):
    play_random(new_game(alice, bob), 4, random.Random(1))
    monkeypatch.setattr(mining, "load_miner", lambda: None)
    assert mining.puzzles_mine_archive()["status"] == "miner unavailable"
    err = StringIO()
    call_command("puzzles_mine", stderr=err, stdout=StringIO())
    assert "unavailable" in err.getvalue()
    assert not MinedGame.objects.exists()


def test_the_engines_miner_when_there_is_one(alice, bob):
    pytest.importorskip("engine.puzzles", reason="engine.puzzles (the miner) is not merged yet")
    rng = random.Random(5)
    play_random(new_game(alice, bob), 40, rng)
    done = mining.puzzles_mine_archive(depth=2)
    assert done["status"] == "ok" and done["games"] == 1
    for puzzle in Puzzle.objects.all():
        pos = engine.Position.from_fen(puzzle.fen, engine.variants.variant_by_key(puzzle.variant))
        for text in puzzle.solution:
            pos.push_checked(text)
