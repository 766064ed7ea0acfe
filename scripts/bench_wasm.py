"""The browser engine's speed: the native core compiled to WebAssembly, searching in Chromium,
against the native core (the CPython extension) on the same positions at the same depth.

    python scripts/bench_wasm.py [--depth-raumschach 5] [--depth-fiveup 4] [--positions 8] [--runs 3]

Positions: seeded random games of each variant (8 plies apart).  Both cores search each to the
fixed depth with the same table size, so they visit the same nodes (checked); the figure is
nodes per second over the whole set, the median of --runs runs.  In Chromium the module runs
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
CORE_JS = ROOT / "analysis" / "static" / "analysis" / "js" / "engine_core.js"
PAGE_RUN = """async ({ wasm, tables, positions, runs }) => {
  const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
  const engine = await RsEngineCore.EngineCore.create(bytes);
  const handle = engine.register(tables);
  const out = [];
  for (let run = 0; run < runs; run += 1) {
    let nodes = 0, seconds = 0;
    for (const p of positions) {
      engine.setPosition(handle, p);
      const t0 = performance.now();
      const r = engine.search({ depth: p.depth, ttMib: p.ttMib });
      seconds += (performance.now() - t0) / 1000;
      nodes += r.nodes;
    }
    out.push({ nodes, seconds });
  }
  return out;
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


def native_runs(cases: list[tuple[Position, int]], runs: int) -> list[tuple[int, float]]:
    module = core.native_module()
    out = []
    for _ in range(runs):
        nodes, seconds = 0, 0.0
        for pos, depth in cases:
            args = core.position_args(pos)
            args["history"] = None
            start = time.perf_counter()
            found = module.search(**args, depth=depth, tt_bytes=TT_MIB << 20)
            seconds += time.perf_counter() - start
            nodes += found[3]
        out.append((nodes, seconds))
    return out


def chromium_runs(wasm: Path, key: str, cases: list[tuple[Position, int]], runs: int) -> list[tuple[int, float]]:
    from playwright.sync_api import sync_playwright

    job = {"wasm": base64.b64encode(wasm.read_bytes()).decode(), "tables": browser_tables(variant_by_key(key)),
           "positions": [{**position_numbers(pos), "depth": depth, "ttMib": TT_MIB} for pos, depth in cases],
           "runs": runs}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto("about:blank")
        page.add_script_tag(content=CORE_JS.read_text())
        found = page.evaluate(PAGE_RUN, job)
        version = browser.version
        browser.close()
    print(f"  (Chromium {version})")
    return [(r["nodes"], r["seconds"]) for r in found]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth-raumschach", type=int, default=5)
    parser.add_argument("--depth-fiveup", type=int, default=4)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if not core.native_available():
        print("the native core is not built (python setup.py build_ext --inplace)", file=sys.stderr)
        return 1
    wasm = build(ROOT / "build" / "bench" / "rs_engine.wasm")
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    for key, depth in (("raumschach", args.depth_raumschach), ("fiveup", args.depth_fiveup)):
        cases = [(pos, depth) for pos in positions(key, args.positions, seed=27)]
        native = native_runs(cases, args.runs)
        browser = chromium_runs(wasm, key, cases, args.runs)
        if {n for n, _ in native} != {n for n, _ in browser}:
            print(f"{key}: the cores visited different node counts: {native} / {browser}", file=sys.stderr)
            return 1
        nps_native = statistics.median(n / s for n, s in native)
        nps_browser = statistics.median(n / s for n, s in browser)
        print(json.dumps({"variant": key, "depth": depth, "positions": len(cases), "nodes": native[0][0],
                          "native_nps": round(nps_native), "chromium_wasm_nps": round(nps_browser),
                          "wasm_vs_native": round(nps_browser / nps_native, 2)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
