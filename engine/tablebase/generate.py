"""Making the tables (``python -m engine tablebase generate``) and the table of results
(``python -m engine tablebase report``, the table in docs/tablebases.md).

Each table's figures go into ``stats.json`` beside the files: positions (every symmetric
image counted) and wins, losses and draws per side to move, the longest mate with an example,
the file's size, and the time it took with the machine's load when it ran.
"""
from __future__ import annotations

import json
import os
import resource
import time
from pathlib import Path
from typing import Callable

from ..core import native_handle, native_module
from ..fen import write_fen
from ..pieces import KING, piece_code
from . import ALL_ENDINGS, SUFFIX, _variant, directory, ending_name, load

STATS_FILE = "stats.json"


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def example_fen(white: tuple[int, ...], black: tuple[int, ...], cells: list[int], black_to_move: bool) -> str:
    """The position string of a table's cells (White's king, Black's king, White's others, Black's others)."""
    codes = [piece_code(0, KING), piece_code(1, KING), *(piece_code(0, k) for k in white),
             *(piece_code(1, k) for k in black)]
    board = [0] * 125
    for cell, code in zip(cells, codes):
        board[cell] = code
    return write_fen(board, black_to_move, 0, 1)


def read_stats(path: Path | None = None) -> dict:
    where = Path(path) if path is not None else directory()
    file = where / STATS_FILE if where is not None else None
    return json.loads(file.read_text()) if file is not None and file.is_file() else {}


def generate(names: list[str], path: Path | None = None, *, force: bool = False,
             log: Callable[[str], None] = print) -> dict:
    """Make the tables ``names`` (ALL_ENDINGS' keys; 3-piece ones first, as the 4-piece ones
    read them) in ``path`` (default ``directory()``), skipping files already there unless
    ``force``; returns the figures of the ones made."""
    native = native_module()
    if native is None:
        raise RuntimeError("the native core is not built (python setup.py build_ext --inplace)")
    unknown = [n for n in names if n not in ALL_ENDINGS]
    if unknown:
        raise ValueError(f"no such ending: {', '.join(unknown)} (known: {', '.join(ALL_ENDINGS)})")
    where = Path(path) if path is not None else directory()
    if where is None:
        raise ValueError("RAUMSCHACH_TB_DIR is off: name a directory (--dir)")
    where.mkdir(parents=True, exist_ok=True)
    handle = native_handle(_variant())
    stats = read_stats(where)
    made = {}
    for name in sorted(names, key=lambda n: (len(n), list(ALL_ENDINGS).index(n))):
        white, black = ALL_ENDINGS[name]
        file = where / f"{name}{SUFFIX}"
        if file.exists() and not force:
            log(f"{name}: {file} is there (--force to make it again)")
            continue
        load(where, force=True)  # the smaller tables its captures reach
        tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        wall, cpu = time.monotonic(), _cpu_seconds()
        try:
            got = native.tb_generate(handle, list(white), list(black), str(tmp))
            os.replace(tmp, file)
        finally:
            if tmp.exists():
                tmp.unlink()
        wall, cpu = time.monotonic() - wall, _cpu_seconds() - cpu
        entry = {
            "white": list(white), "black": list(black), "pieces": 2 + len(white) + len(black),
            "positions": list(got["legal"]), "wins": list(got["win"]), "losses": list(got["loss"]),
            "draws": [got["legal"][s] - got["win"][s] - got["loss"][s] for s in (0, 1)],
            "longest": list(got["longest"]),
            "longest_fen": [example_fen(white, black, got["longest_cells"][s], bool(s)) if got["longest"][s] else None
                            for s in (0, 1)],
            "entries": got["stored"], "bytes": file.stat().st_size,
            "seconds": round(wall, 2), "cpu_seconds": round(cpu, 2), "load": list(os.getloadavg()),
            "made": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        }
        stats[name] = made[name] = entry
        (where / STATS_FILE).write_text(json.dumps(stats, indent=1, sort_keys=True))
        log(f"{name}: {entry['bytes']:,} bytes in {wall:.1f} s ({cpu:.1f} s CPU, load {entry['load'][0]:.2f}); "
            f"longest mate {entry['longest'][0]} plies (White to move), {entry['longest'][1]} (Black to move)")
    load(where, force=True)
    return made


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def report(path: Path | None = None) -> str:
    """The results as a Markdown table (docs/tablebases.md)."""
    stats = read_stats(path)
    rows = ["| ending | side to move | positions | wins | draws | losses | longest mate | example of it |",
            "|---|---|---:|---:|---:|---:|---:|---|"]
    for name in sorted(stats, key=lambda n: (len(n), list(ALL_ENDINGS).index(n) if n in ALL_ENDINGS else 99)):
        e = stats[name]
        for s, who in ((0, "White"), (1, "Black")):
            plies = e["longest"][s]
            mate = f"{plies} plies ({(plies + 1) // 2} moves)" if plies else "-"
            # GFM: a bar inside a table's cell is escaped, code spans included
            fen = "`" + e["longest_fen"][s].replace("|", "\\|") + "`" if e["longest_fen"][s] else ""
            rows.append(f"| {name if s == 0 else ''} | {who} | {e['positions'][s]:,} | {e['wins'][s]:,} "
                        f"({_pct(e['wins'][s], e['positions'][s])}) | {e['draws'][s]:,} | {e['losses'][s]:,} | "
                        f"{mate} | {fen} |")
    rows += ["", "| ending | file bytes | entries | generation (wall) | CPU | load (1 min) |",
             "|---|---:|---:|---:|---:|---:|"]
    for name in sorted(stats, key=lambda n: (len(n), list(ALL_ENDINGS).index(n) if n in ALL_ENDINGS else 99)):
        e = stats[name]
        rows.append(f"| {name} | {e['bytes']:,} | {e['entries']:,} | {e['seconds']} s | {e['cpu_seconds']} s | "
                    f"{e['load'][0]:.2f} |")
    return "\n".join(rows)


__all__ = ["generate", "report", "read_stats", "example_fen", "ending_name"]
