"""Puzzles into the database: the shipped set (puzzles/data/<variant>.jsonl, mined offline by
engine.puzzles, one JSON object a line: fen, solution, themes, depth, source) and the archive
job's finds. Every puzzle is checked by the engine first (puzzles.checking) and written as the
engine writes it; one already stored (same variant and position) is left as it is, ratings and
all, so loading is idempotent: run it on every migrate, run it twice, nothing doubles."""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import UnknownVariant
from games.variants import variant_get, variant_keys

from . import ids
from .checking import normalize_puzzle
from .errors import BadPuzzle
from .models import Puzzle

logger = logging.getLogger(__name__)

DATA_DIR = Path(__file__).resolve().parent / "data"
MAX_THEMES = 20


@dataclass
class LoadReport:
    added: int = 0
    present: int = 0
    refused: list[str] = field(default_factory=list)  # "file:line: reason"


def puzzle_row(variant_key: str, data: dict, *, game_id: int | None = None) -> Puzzle:
    """An unsaved Puzzle from one record ({fen, solution, themes?, depth?, source?}); BadPuzzle
    with the reason when it does not hold."""
    if not isinstance(data, dict) or not isinstance(data.get("fen"), str):
        raise BadPuzzle(_("A puzzle is an object with a position string (fen) and a solution."))
    try:
        variant = variant_get(variant_key)
    except UnknownVariant as exc:
        raise BadPuzzle(exc.detail) from None
    fen, solution = normalize_puzzle(variant, data["fen"], data.get("solution"))
    themes = data.get("themes") or []
    if not isinstance(themes, list) or not all(isinstance(t, str) and len(t) <= 40 for t in themes):
        raise BadPuzzle(_("themes must be a list of short words."))
    depth = data.get("depth") or 0
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth < 1000:
        raise BadPuzzle(_("depth must be a whole number of plies."))
    digest = ids.puzzle_digest(variant.key, fen)
    return Puzzle(digest=digest, public_id=ids.public_id(digest), variant=variant.key, fen=fen,
                  solution=solution, themes=sorted(set(themes))[:MAX_THEMES], depth=depth,
                  source=str(data.get("source") or "")[:200], game_id=game_id)


def puzzles_add(rows: list[Puzzle]) -> tuple[int, int]:
    """Store the puzzles not stored yet (by digest); (added, already present). A public id
    taken by another puzzle moves to the next salted one (ids.public_id)."""
    unique = {row.digest: row for row in rows}
    with transaction.atomic():
        stored = set(Puzzle.objects.filter(digest__in=list(unique)).values_list("digest", flat=True))
        fresh = [row for digest, row in unique.items() if digest not in stored]
        taken = set(Puzzle.objects.filter(public_id__in=[row.public_id for row in fresh])
                    .values_list("public_id", flat=True))
        for row in fresh:
            salt = 0
            while row.public_id in taken:
                salt += 1
                row.public_id = ids.public_id(row.digest, salt)
                if salt % 8 == 0:  # several taken in a row: ask the database about the next
                    taken |= set(Puzzle.objects.filter(public_id=row.public_id)
                                 .values_list("public_id", flat=True))
            taken.add(row.public_id)
        created = Puzzle.objects.bulk_create(fresh, ignore_conflicts=True, batch_size=500)
    return len(created), len(rows) - len(fresh)


def _records(path: Path, report: LoadReport) -> list[tuple[int, dict]]:
    records = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            records.append((number, json.loads(line)))
        except ValueError as exc:
            report.refused.append(f"{path.name}:{number}: not JSON ({exc})")
    return records


def puzzles_load(*, directory: Path = DATA_DIR) -> LoadReport:
    """Load every <variant>.jsonl of `directory` (the shipped set by default) for the games the
    site offers. A record that does not hold is refused with its file, line and reason; the
    others load."""
    report = LoadReport()
    if not directory.is_dir():
        return report
    for key in variant_keys():
        path = directory / f"{key}.jsonl"
        if not path.is_file():
            continue
        rows = []
        for number, record in _records(path, report):
            try:
                rows.append(puzzle_row(key, record))
            except BadPuzzle as exc:
                report.refused.append(f"{path.name}:{number}: {exc.detail}")
        added, present = puzzles_add(rows)
        report.added += added
        report.present += present
    for line in report.refused:
        logger.warning("puzzles: refused %s", line)
    return report
