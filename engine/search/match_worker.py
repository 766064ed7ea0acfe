"""A match player in its own process, searching with the engine of another checkout.

``python -m engine match base:5@0.1 5@0.1 --base DIR`` starts this file as a script with
``PYTHONPATH=DIR``, so ``import engine`` below is DIR's engine (e.g. an older commit's, built
with ``setup.py build_ext --inplace`` in a ``git archive`` of it): new-against-old matches of
the native search without mixing two builds in one process.  It uses only what every engine
since the level tables has (``levels_for``, ``make_searcher``, ``SearchLimits``), so the file
itself must not import anything else from this checkout.

Protocol: one JSON object a line on stdin, one answer a line on stdout.
    {"variant": KEY, "options": {...}, "moves": [coord, ...], "level": N, "movetime": S|null,
     "seed": INT, "cpu_clock": BOOL, "min_depth": BOOL}
    -> {"move": coord, "score": INT, "depth": INT, "nodes": INT}  (or {"error": TEXT})
"""
import json
import sys

if __name__ == "__main__":
    sys.path.pop(0)  # this file's folder (engine/search) would shadow modules by name


_game: dict = {}  # the last request's position: the next request of a game adds a move or two


def position_of(request: dict):
    from engine import Position, variant_by_key

    variant = variant_by_key(request["variant"])
    if request.get("options"):
        variant = variant.with_options(**request["options"])
    moves = request["moves"]
    known = _game.get("moves", [])
    if _game.get("variant") is variant and moves[:len(known)] == known:
        pos = _game["pos"]
    else:
        pos, known = Position.start(variant), []
    for coord in moves[len(known):]:
        pos.push_checked(coord)
    _game.update(variant=variant, moves=list(moves), pos=pos)
    return pos, variant


def answer(request: dict) -> dict:
    from engine.search.levels import core_for, levels_for, make_searcher
    from engine.search.searcher import SearchLimits

    pos, variant = position_of(request)
    core = core_for(variant)
    cfg = levels_for(core, variant)[request["level"]]
    movetime = request.get("movetime") or cfg.movetime
    limits = SearchLimits(depth=cfg.depth, movetime=movetime,
                          min_depth=cfg.min_depth if request.get("min_depth", True) else 0,
                          cpu_clock=bool(request.get("cpu_clock")))
    result = make_searcher(cfg, request["seed"], core).search(pos, limits)
    return {"move": result.move.coord(variant), "score": result.score, "depth": result.depth,
            "nodes": result.nodes}


def main() -> int:
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = answer(json.loads(line))
        except Exception as exc:  # reported to the match, which stops with it
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
