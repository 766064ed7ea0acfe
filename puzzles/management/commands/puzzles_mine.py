"""Mine finished games not mined yet for puzzles (what the periodic task runs)."""
from django.core.management.base import BaseCommand

from puzzles.mining import MINER_UNAVAILABLE, puzzles_mine_archive


class Command(BaseCommand):
    help = "Mine finished games of the archive for puzzles (newest first; each game once)."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=None, help="At most this many games.")
        parser.add_argument("--depth", type=int, default=None, help="The miner's search depth.")

    def handle(self, *args, games, depth, **options):
        done = puzzles_mine_archive(limit=games, depth=depth)
        if done["status"] == MINER_UNAVAILABLE:
            self.stderr.write("The puzzle miner is unavailable (engine.puzzles is not installed).")
            return
        self.stdout.write(f"{done['games']} games mined, {done['puzzles']} puzzles added.")
