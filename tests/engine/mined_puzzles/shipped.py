"""The shipped puzzle files (puzzles/data/<variant>.jsonl), read line by line."""
import json
from pathlib import Path

from engine.puzzles import Puzzle, from_json

DATA = Path(__file__).resolve().parents[3] / "puzzles" / "data"
VARIANTS = ("raumschach", "fiveup", "hexraumschach", "startrek")


def lines(variant: str) -> list[str]:
    return (DATA / f"{variant}.jsonl").read_text().splitlines()


def shipped() -> list[tuple[str, Puzzle]]:
    """(an id naming the file and line, the puzzle) for every shipped puzzle."""
    return [(f"{v}:{n}", from_json(json.loads(line), v)) for v in VARIANTS for n, line in enumerate(lines(v), 1)]
