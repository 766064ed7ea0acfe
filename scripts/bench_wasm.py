"""The browser engine's speed: the native core compiled to WebAssembly, searching in Chromium,
against the native core (the CPython extension) on the same positions at the same depth.

    python scripts/bench_wasm.py [--depth-raumschach 5] [--depth-fiveup 4] [--positions 8] [--runs 3]

Positions: seeded random games of each variant (8 plies apart).  Both cores search each to the
fixed depth with the same table size, so they visit the same nodes (checked); the figure is
nodes per second over the whole set, the median of --runs runs, native and Chromium taking
turns (each pair meets about the same load; the per-pair ratios are printed too).  In Chromium the module runs
on the page's main thread (the analysis board's worker runs the same code).  Needs the built
extension (setup.py build_ext --inplace), the ziglang wheel and Playwright's Chromium
($CHROMIUM_PATH, default /usr/bin/chromium).
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Position, core, variant_by_key  # noqa: E402
from engine.wasm_tables import browser_tables, position_numbers  # noqa: E402
from scripts.build_wasm import build  # noqa: E402

TT_MIB = 16
WASM = ROOT / "build" / "bench" / "rs_engine.wasm"
CORE_JS = ROOT / "analysis" / "static" / "analysis" / "js" / "engine_core.js"
PAGE_SETUP = """async ({ wasm, tables }) => {
  const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
  window.benchEngine = await RsEngineCore.EngineCore.create(bytes);
  window.benchHandle = window.benchEngine.register(tables);
}"""
PAGE_RUN = """(positions) => {
  const engine = window.benchEngine;
  let nodes = 0, seconds = 0;
  for (const p of positions) {
    engine.setPosition(window.benchHandle, p);
    const t0 = performance.now();
    const r = engine.search({ depth: p.depth, ttMib: p.ttMib });
    seconds += (performance.now() - t0) / 1000;
    nodes += r.nodes;
  }
  return { nodes, seconds };
}"""


def positions(key: str, count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    pos, out = Position.start(variant_by_key(key)), []
    while len(out) < count:
        for _ in range(8):
            moves = pos.generate_legal()
            if not moves:
                pos = Position.start(pos.variant)
                break
            pos.push_packed(rng.choice(moves))
        if pos.generate_legal():
            out.append(pos.copy())
    return out


def native_run(cases: list[tuple[Position, int]]) -> tuple[int, float]:
    module = core.native_module()
    nodes, seconds = 0, 0.0
    for pos, depth in cases:
        args = core.position_args(pos)
        args["history"] = None
        start = time.perf_counter()
        found = module.search(**args, depth=depth, tt_bytes=TT_MIB << 20)
        seconds += time.perf_counter() - start
        nodes += found[3]
    return nodes, seconds


def paired_runs(page, key: str, cases: list[tuple[Position, int]], runs: int) -> list[tuple[tuple, tuple]]:
    """Native then Chromium, `runs` times in turn: each pair meets about the same load."""
    page.evaluate(PAGE_SETUP, {"wasm": base64.b64encode(WASM.read_bytes()).decode(),
                               "tables": browser_tables(variant_by_key(key))})
    job = [{**position_numbers(pos), "depth": depth, "ttMib": TT_MIB} for pos, depth in cases]
    pairs = []
    for _ in range(runs):
        native = native_run(cases)
        found = page.evaluate(PAGE_RUN, job)
        pairs.append((native, (found["nodes"], found["seconds"])))
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth-raumschach", type=int, default=5)
    parser.add_argument("--depth-fiveup", type=int, default=4)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    if not core.native_available():
        print("the native core is not built (python setup.py build_ext --inplace)", file=sys.stderr)
        return 1
    build(WASM)
    from playwright.sync_api import sync_playwright

    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto("about:blank")
        page.add_script_tag(content=CORE_JS.read_text())
        print(f"Chromium {browser.version}")
        for key, depth in (("raumschach", args.depth_raumschach), ("fiveup", args.depth_fiveup)):
            cases = [(pos, depth) for pos in positions(key, args.positions, seed=27)]
            pairs = paired_runs(page, key, cases, args.runs)
            if any(native[0] != wasm[0] for native, wasm in pairs):
                print(f"{key}: the cores visited different node counts: {pairs}", file=sys.stderr)
                return 1
            nps_native = statistics.median(n / s for (n, s), _ in pairs)
            nps_browser = statistics.median(n / s for _, (n, s) in pairs)
            ratios = sorted(round(ns / ws, 2) for (_, ns), (_, ws) in pairs)  # native time / wasm time
            print(json.dumps({"variant": key, "depth": depth, "positions": len(cases), "nodes": pairs[0][0][0],
                              "native_nps": round(nps_native), "chromium_wasm_nps": round(nps_browser),
                              "wasm_vs_native_median": round(nps_browser / nps_native, 2),
                              "paired_ratios": ratios}))
        browser.close()
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
