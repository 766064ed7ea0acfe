"""On the embedded default (a SQLite file, bot threads next to request threads), two moves for
the same ply at once store exactly one and refuse the other as stale — no "database is locked"
error (settings use BEGIN IMMEDIATE). Runs in a subprocess: pytest's own SQLite test database
lives in memory, which locks differently from the file the server uses."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 10  # one lucky interleaving must not pass the test

SCRIPT = r"""
import json, sys, threading
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth.models import User
from django.db import connection
from games import services
from games.errors import StalePly
from games.models import Game, Move

white, black = User.objects.create_user("w"), User.objects.create_user("b")
outcomes = []
for _ in range(int(sys.argv[1])):
    game = Game.objects.create(white=white, black=black)
    barrier = threading.Barrier(2)
    def attempt(move):
        try:
            barrier.wait()
            services.game_play_move(game=game, user=white, move=move, ply=0)
            outcomes.append("stored")
        except StalePly:
            outcomes.append("stale")
        except Exception as exc:
            outcomes.append(repr(exc))
        finally:
            connection.close()
    threads = [threading.Thread(target=attempt, args=(m,)) for m in ("Bb2Cb2", "Bc2Cc2")]
    for t in threads: t.start()
    for t in threads: t.join()
print(json.dumps({"outcomes": outcomes, "moves": Move.objects.count(),
                  "plies": sorted(set(Game.objects.values_list("ply", flat=True)))}))
"""


@pytest.mark.slow
def test_two_moves_for_the_same_ply_on_sqlite_store_one_and_refuse_one(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'race.sqlite3'}",
           "DJANGO_SETTINGS_MODULE": "raumschach_site.settings"}
    env.pop("REDIS_URL", None)
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(ROUNDS)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert sorted(set(report["outcomes"])) == ["stale", "stored"], report["outcomes"]
    assert report["outcomes"].count("stored") == ROUNDS
    assert report["moves"] == ROUNDS and report["plies"] == [1]
