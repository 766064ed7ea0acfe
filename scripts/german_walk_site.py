"""The site the German walk (scripts/german_walk.py) opens: a Daphne server on its own SQLite
database with DEBUG off (so the 404 page is the site's own, not Django's debug page), and the
objects that give every page content, made through the site's services."""
from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "a-long-Passphrase-7"
START_TIMEOUT = 90  # seconds for Daphne to answer on a busy 2-core machine
MIGRATE_TIMEOUT = 600  # seconds: some 60 migrations on SQLite took over 90 s at a load of 20

# German-looking names: a user name is a name, but one made of English words would be flagged.
NAMES = {"person": "Spielerin", "other": "Gegner"}

ARRANGE = r"""
import json
from datetime import timedelta
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from accounts.models import Profile
from games.models import Game
from games.services import challenges, play, imports
from notify import unsubscribe, verification
import engine
from games.variants import move_coord

person = User.objects.create_user(PERSON, email=PERSON.lower() + "@beispiel.de", password=PASSWORD)
other = User.objects.create_user(OTHER, password=PASSWORD)
for user in (person, other):
    Profile.objects.update_or_create(user=user, defaults={"language": "de"})

def accepted(**fields):
    return challenges.challenge_accept(challenge=challenges.challenge_create(
        challenger=person, opponent=other, color="white", **fields), user=other)

def two_moves(game, key="raumschach"):
    position = engine.Position.start(engine.VARIANTS[key])
    for ply, user in enumerate((person, other)):
        move = position.legal_moves()[0]
        play.game_play_move(game=game, user=user, move=move_coord(position, move), ply=ply)
        position.push(move)
        game.refresh_from_db()
    return game

correspondence = two_moves(accepted(days_per_move=3))
finished = accepted(days_per_move=None)
for ply, (user, move) in enumerate([(person, "Bc2Cc2"), (other, "Dc4Cc4"), (person, "Ab1Aa3")]):
    play.game_play_move(game=finished, user=user, move=move, ply=ply)
    finished.refresh_from_db()
play.game_resign(game=finished, user=other)
# The finished game's computer analysis, run here (the replay shows its graph and judgements).
from analysis import services as analysis
made, _ = analysis.analysis_request(game=finished, user=person)
analysis.analysis_run(analysis_id=made.pk)
imported = imports.game_import(user=person, text=chr(10).join([
    '[White "Ferdinand Maack"]', '[Black "Lothar Schmid"]', '',
    '1. Bb2-Cb2 Dc4-Dc3 2. NAb1-Aa3 0-1']))
challenge = challenges.challenge_create(challenger=person, opponent=None, color="white", days_per_move=None)
# Two moves in and a long clock: it is still running when the walk comes (an unstarted one aborts).
live = two_moves(accepted(days_per_move=None, clock_limit=3600, clock_increment=5))
# A game against a bot, the person to move (the bot waits).
bot_game = Game.objects.create(white=person, black=User.objects.get(username="easy-bot"))
from tournaments import services as tournaments
cup = tournaments.tournament_create(creator=person, name="Herbstpokal", variant="raumschach",
                                    system="swiss", rounds=1, days_per_move=3)
for user in (person, other):
    tournaments.tournament_join(tournament_id=cup.pk, user=user)
tournaments.tournament_start(tournament_id=cup.pk, user=person)
running_of, finished_of = {}, {}
for key in ("raumschach", "fiveup", "hexraumschach", "startrek"):
    running_of[key] = two_moves(accepted(days_per_move=None, variant=key), key).public_id
    done = two_moves(accepted(days_per_move=None, variant=key), key)
    play.game_resign(game=done, user=other)
    finished_of[key] = done.public_id
print(json.dumps({
    "running": correspondence.public_id, "finished": finished.public_id, "challenge": challenge.pk,
    "live": live.public_id, "bot_game": bot_game.public_id, "tournament": cup.pk,
    "imported": imported.public_id, "running_of": running_of, "finished_of": finished_of,
    "reset_uid": urlsafe_base64_encode(force_bytes(person.pk)),
    "reset_token": default_token_generator.make_token(person),
    "unsubscribe": unsubscribe.make_token(user_id=person.pk, kind="digest"),
    "verify": verification.make_token(user_id=person.pk, email=person.email, verified_email=""),
    "person": PERSON, "other": OTHER, "bot": "hard-bot",
}))
"""


class Site:
    """A started server: its address, its environment (for `shell`), and stop()."""

    def __init__(self, workdir: Path | None = None, port: int | None = None) -> None:
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="german-walk-"))
        self.port = port or _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{self.workdir / 'db.sqlite3'}",
            "DJANGO_SETTINGS_MODULE": "scripts.german_walk_settings",
            "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(40),
            "RATE_LIMIT_SIGNUP": "1000/60", "RATE_LIMIT_LOGIN": "1000/60",
            "PYTHONUNBUFFERED": "1",
        }
        # The walk's server stands alone: the bots and mail run in its own threads.
        for name in ("REDIS_URL", "CELERY_BROKER_URL"):
            self.env.pop(name, None)
        self.process: subprocess.Popen | None = None

    def start(self) -> "Site":
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT,
                       env=self.env, check=True, timeout=MIGRATE_TIMEOUT)
        log = self.workdir / "server.log"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "raumschach_site.asgi:application"],
            cwd=ROOT, env=self.env, stdout=log.open("w"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited:\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2):
                    return self
            except (OSError, urllib.error.URLError):
                time.sleep(0.3)
        raise RuntimeError(f"server did not answer in {START_TIMEOUT}s:\n{log.read_text()[-3000:]}")

    def arrange(self) -> dict:
        """Make the walk's objects; returns their ids and names for the page paths."""
        code = (f"PERSON, OTHER, PASSWORD = {NAMES['person']!r}, {NAMES['other']!r}, "
                f"{PASSWORD!r}\n" + ARRANGE)
        done = subprocess.run([sys.executable, "manage.py", "shell", "-v", "0", "-c", code],
                              cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            raise RuntimeError(done.stderr[-3000:])
        return json.loads(done.stdout.strip().splitlines()[-1])

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _free_port() -> int:
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
