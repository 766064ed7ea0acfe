"""Endgame tablebases for Raumschach: depth to mate of every pawnless ending of 3 and 4 pieces.

The tables are build outputs (not in git): ``python -m engine tablebase generate`` makes them
in ``directory()`` (``RAUMSCHACH_TB_DIR``, default ``tablebases/`` at the repository's root);
the native core makes them (engine/native/tb.c: retrograde analysis on the variant's own move
tables, one byte per position and side to move, the cube's 48 symmetries folded).  The search
probes them when present (``load()``, called by engine/search/native.py) and plays without
them; ``probe(position)`` answers for one position.  Results: docs/tablebases.md.
"""
from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from ..core import native_handle, native_module
from ..pieces import BISHOP, KNIGHT, PIECE_SYMBOLS, QUEEN, ROOK, UNICORN

log = logging.getLogger(__name__)
SUFFIX = ".rtb"
VARIANT_KEY = "raumschach"  # the tables hold Raumschach's moves (tb.c refuses files made under others)
# Strongest first; a side's pieces are listed in the order of their kind numbers, highest first,
# as tb.c keeps them (Q 6, U 5, R 4, B 3, N 2).
KINDS = (QUEEN, UNICORN, ROOK, BISHOP, KNIGHT)
WIN, DRAW, LOSS = 1, 2, 3  # tb.c's answers for the side to move


def ending_name(white: tuple[int, ...], black: tuple[int, ...]) -> str:
    """``(QUEEN,), (ROOK,)`` -> ``"KQvKR"``."""
    def side(kinds):
        return "K" + "".join(PIECE_SYMBOLS[k].upper() for k in kinds)
    return f"{side(white)}v{side(black)}"


def _ordered(kinds) -> tuple[int, ...]:
    return tuple(sorted(kinds, reverse=True))


def endings(pieces: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every pawnless ending of ``pieces`` pieces (3 or 4) up to the swap of colours, as
    (White's kinds, Black's kinds) besides the kings; the stronger side is White."""
    out = []
    if pieces == 3:
        out = [((k,), ()) for k in KINDS]
    elif pieces == 4:
        for i, a in enumerate(KINDS):  # two pieces against a bare king
            for b in KINDS[i:]:
                out.append((_ordered((a, b)), ()))
        for i, a in enumerate(KINDS):  # one piece each
            for b in KINDS[i:]:
                out.append(((a,), (b,)))
    else:
        raise ValueError("tables hold 3 or 4 pieces")
    return out


ALL_ENDINGS = {ending_name(w, b): (w, b) for n in (3, 4) for w, b in endings(n)}


# Resolved once: every searcher asks (engine/search/native.py), and resolving took as long as a
# small search.
_DEFAULT_DIRECTORY = Path(__file__).resolve().parent.parent.parent / "tablebases"


def directory() -> Path | None:
    """Where the table files are: ``RAUMSCHACH_TB_DIR`` (``off``: nowhere, the engine plays
    without tables), default ``tablebases/`` at the repository's root."""
    env = os.environ.get("RAUMSCHACH_TB_DIR", "").strip()
    if env.lower() == "off":
        return None
    return Path(env) if env else _DEFAULT_DIRECTORY


def _variant():
    from ..variants import variant_by_key
    return variant_by_key(VARIANT_KEY)


_loaded_from: Path | None = None
_loaded: list[str] = []
_explicit = False  # load(path) or unload() was called: autoload leaves the choice alone
# One loader at a time: the server's bot threads each make a searcher, and the first one's
# load must be whole before another thread's search probes (or a second load unmaps tables).
_lock = threading.Lock()


def load(path: Path | str | None = None, *, force: bool = False) -> list[str]:
    """Map every table file of ``path`` (default ``directory()``) for the search and ``probe``;
    the names loaded (a file that cannot be used is left out with a warning).  Once per process
    unless ``force``; no directory (or ``off``) or no native core: none.  A forced reload (and
    ``unload``) unmaps the tables: never while a search runs."""
    global _loaded_from, _loaded, _explicit
    with _lock:
        _explicit = _explicit or path is not None
        where = Path(path) if path is not None else directory()
        if not force and _loaded_from == where:
            return list(_loaded)
        native = native_module()
        if native is None:
            return []
        handle = native_handle(_variant())
        native.tb_unload()
        names = []
        if where is not None and where.is_dir():
            for name in sorted(ALL_ENDINGS, key=lambda n: (len(n), n)):
                file = where / f"{name}{SUFFIX}"
                if not file.is_file():
                    continue
                try:
                    native.tb_load(handle, str(file))
                except ValueError as e:  # a broken or foreign file: played without, and said
                    log.warning("endgame table not used: %s", e)
                    continue
                names.append(name)
        _loaded_from, _loaded = where, names
        return list(names)


def autoload() -> list[str]:
    """``load()`` of ``directory()`` unless tables were loaded or unloaded by name already (the
    search's call: engine/search/native.py)."""
    if _explicit:
        return list(_loaded)
    return load()


def unload(*, reset: bool = False) -> None:
    """Forget every loaded table (the search stops probing); ``autoload`` loads none after it
    unless ``reset``."""
    global _loaded_from, _loaded, _explicit
    with _lock:
        native = native_module()
        if native is not None:
            native.tb_unload()
        _loaded_from, _loaded, _explicit = None, [], not reset


def loaded() -> list[str]:
    return list(_loaded)


@dataclass(frozen=True)
class Probe:
    """A table's answer for the side to move: ``result`` "win", "draw" or "loss", and the plies
    to mate with best play (0 for a draw)."""
    result: str
    plies: int

    @property
    def moves_to_mate(self) -> int:
        """Full moves (the winner's) until mate: (plies + 1) // 2."""
        return (self.plies + 1) // 2


_RESULTS = {WIN: "win", DRAW: "draw", LOSS: "loss"}


def probe(position) -> Probe | None:
    """The loaded tables' value of ``position`` (an engine.Position of Raumschach), or None
    when no loaded table holds it (more pieces, a pawn, another variant, no tables).  The
    tables ignore the 50-move rule and repetitions (depth to mate with best play)."""
    native = native_module()
    if native is None or not _loaded or position.variant.key != VARIANT_KEY:
        return None
    got = native.tb_probe(native_handle(position.variant), list(position.sq), position.side)
    return None if got is None else Probe(_RESULTS[got[0]], got[1])


def best_moves(position) -> list:
    """The moves that keep the table's value best (the quickest mate, the longest defence, a
    draw kept); empty when ``probe`` has no answer or there is no legal move."""
    here = probe(position)
    if here is None:
        return []
    scored = []
    for move in position.legal_moves():
        position.push(move)
        try:
            after = probe(position)
            if after is None:  # a table position's successor has fewer pieces: always held
                if position.is_checkmate():
                    after = Probe("loss", 0)
                else:
                    continue
        finally:
            position.pop()
        # from the mover's side: winning sooner is better, losing later is better
        key = {"loss": (2, -after.plies), "draw": (1, 0), "win": (0, after.plies)}[after.result]
        scored.append((key, move))
    if not scored:
        return []
    best = max(k for k, _ in scored)
    return [m for k, m in scored if k == best]
