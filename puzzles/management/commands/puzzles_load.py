"""Load the shipped puzzles (puzzles/data/<variant>.jsonl) or another directory's; idempotent."""
from pathlib import Path

from django.core.management.base import BaseCommand

from puzzles.loading import DATA_DIR, puzzles_load


class Command(BaseCommand):
    help = "Load puzzles from <variant>.jsonl files (default: the shipped set). Idempotent."

    def add_arguments(self, parser):
        parser.add_argument("--directory", default=str(DATA_DIR),
                            help="A directory of <variant>.jsonl files.")

    def handle(self, *args, directory: str, **options):
        report = puzzles_load(directory=Path(directory))
        for line in report.refused:
            self.stderr.write(f"refused {line}")
        self.stdout.write(f"{report.added} puzzles added, {report.present} already there, "
                          f"{len(report.refused)} refused.")
