"""The puzzle value and its JSON form (one line of puzzles/data/<variant>.jsonl)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class Puzzle:
    """``fen``: the position the solver faces (solver to move).  ``solution``: coordinate moves
    (``Move.coord(variant)``), the solver's first, then the forced replies and the solver's
    answers alternating; odd length, ending on the solver's move.  ``depth``: the mining depth
    (plies) at which each solver move is the only winning one."""
    variant: str
    fen: str
    solution: tuple[str, ...]
    themes: tuple[str, ...]
    depth: int
    source: str = ""


def to_json(p: Puzzle) -> dict[str, Any]:
    """The data file's line (the variant is the file's name, so it is not repeated)."""
    return {"fen": p.fen, "solution": list(p.solution), "themes": list(p.themes), "depth": p.depth,
            "source": p.source}


def from_json(d: Mapping[str, Any], variant: str | None = None) -> Puzzle:
    """A puzzle from ``to_json``'s dict; ``variant`` when the dict has none (a data file's line).
    ValueError for a dict that is not one."""
    key = d.get("variant", variant)
    if not isinstance(key, str) or not key:
        raise ValueError("a puzzle needs its variant key")
    fen, solution, themes, depth = d.get("fen"), d.get("solution"), d.get("themes", []), d.get("depth")
    if not isinstance(fen, str) or not fen:
        raise ValueError("a puzzle's fen must be a non-empty string")
    if not isinstance(solution, (list, tuple)) or not solution or not all(isinstance(m, str) for m in solution):
        raise ValueError("a puzzle's solution must be a non-empty list of moves")
    if len(solution) % 2 == 0:
        raise ValueError("a puzzle's solution has odd length (it ends on the solver's move)")
    if not isinstance(themes, (list, tuple)) or not all(isinstance(t, str) for t in themes):
        raise ValueError("a puzzle's themes must be a list of strings")
    if not isinstance(depth, int) or isinstance(depth, bool) or depth < 1:
        raise ValueError("a puzzle's depth must be a positive integer")
    return Puzzle(key, fen, tuple(solution), tuple(themes), depth, str(d.get("source", "")))
