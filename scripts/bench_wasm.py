"""The browser engine's speed: the native core compiled to WebAssembly, searching in Chromium,
against the native core (the CPython extension) on the same positions at the same depth.

    python scripts/bench_wasm.py [--variants raumschach fiveup hexraumschach] [--depth-raumschach 5]
                                 [--depth-fiveup 4] [--depth-hexraumschach 4] [--positions 8] [--runs 5]

Each variant runs in the build the analysis board loads for it (engine/wasm_tables.wasm_build:
the narrow module for the cube's variants, the wide one, -DRS_WIDE, for Hexagonal Raumschach's
185 cells) against the native build engine/core.py picks (_rs_native / _rs_native_wide).
Positions: seeded random games of each variant (8 plies apart).  Both cores search each to the
fixed depth with the same table size, so they visit the same nodes (checked); the figures are
nodes per second over the whole set, the median of --runs runs, native and Chromium taking
turns (each pair meets about the same load; the per-pair ratios are printed too), on the wall
clock and per CPU second (native: the searching thread's CPU time; Chromium: the CPU time of
every Chromium process this script started, from /proc, so its idle helpers count against it).
In Chromium the module runs on the page's main thread (the analysis board's worker runs the
same code).  Needs the built extension (setup.py build_ext --inplace), the ziglang wheel and
Playwright's Chromium ($CHROMIUM_PATH, default /usr/bin/chromium).
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
from engine.wasm_tables import browser_tables, position_numbers, wasm_build  # noqa: E402
from scripts.build_wasm import build_all  # noqa: E402

TT_MIB = 16
WASM_DIR = ROOT / "build" / "bench"
DEPTHS = {"raumschach": 5, "fiveup": 4, "hexraumschach": 4}
CORE_JS = ROOT / "analysis" / "static" / "analysis" / "js" / "engine_core.js"
PAGE_SETUP = """async ({ wasm, tables }) => {
  const bytes = Uint8Array.from(atob(wasm), (c) => c.charCodeAt(0));
  window.benchEngine = await RsEngineCore.EngineCore.create(bytes);  // a fresh instance per variant
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


def native_run(cases: list[tuple[Position, int]]) -> tuple[int, float, float]:
    """(nodes, wall seconds, CPU seconds of the searching thread)."""
    module = core.native_module_for(cases[0][0].variant)
    nodes, seconds, cpu = 0, 0.0, 0.0
    for pos, depth in cases:
        args = core.position_args(pos)
        args["history"] = None
        start, start_cpu = time.perf_counter(), time.thread_time()
        found = module.search(**args, depth=depth, tt_bytes=TT_MIB << 20)
        seconds += time.perf_counter() - start
        cpu += time.thread_time() - start_cpu
        nodes += found[3]
    return nodes, seconds, cpu


def _children_cpu(root: int) -> float:
    """CPU seconds (user + system) of every live process descending from `root` (Playwright's
    driver and the Chromium it started), from /proc."""
    parent, ticks = {}, {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parent[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
    total = 0
    for pid, t in ticks.items():
        p = parent.get(pid)
        while p and p != root:
            p = parent.get(p)
        if p == root:
            total += t
    return total / os.sysconf("SC_CLK_TCK")


def paired_runs(page, key: str, wasm: Path, cases: list[tuple[Position, int]], runs: int) -> list[tuple[tuple, tuple]]:
    """Native then Chromium, `runs` times in turn: each pair meets about the same load."""
    variant = variant_by_key(key)
    page.evaluate(PAGE_SETUP, {"wasm": base64.b64encode(wasm.read_bytes()).decode(), "tables": browser_tables(variant)})
    job = [{**position_numbers(pos), "depth": depth, "ttMib": TT_MIB} for pos, depth in cases]
    pairs = []
    for _ in range(runs):
        native = native_run(cases)
        cpu0 = _children_cpu(os.getpid())
        found = page.evaluate(PAGE_RUN, job)
        cpu = _children_cpu(os.getpid()) - cpu0
        pairs.append((native, (found["nodes"], found["seconds"], cpu)))
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", choices=sorted(DEPTHS), default=list(DEPTHS))
    for key, depth in DEPTHS.items():
        parser.add_argument(f"--depth-{key}", type=int, default=depth)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    if not core.native_available():
        print("the native core is not built (python setup.py build_ext --inplace)", file=sys.stderr)
        return 1
    built = build_all(WASM_DIR)
    from playwright.sync_api import sync_playwright

    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                             args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        page.goto("about:blank")
        page.add_script_tag(content=CORE_JS.read_text())
        print(f"Chromium {browser.version}")
        for key in args.variants:
            depth = getattr(args, f"depth_{key}")
            cases = [(pos, depth) for pos in positions(key, args.positions, seed=27)]
            pairs = paired_runs(page, key, built[wasm_build(variant_by_key(key))], cases, args.runs)
            if any(native[0] != wasm[0] for native, wasm in pairs):
                print(f"{key}: the cores visited different node counts: {pairs}", file=sys.stderr)
                return 1

            def median_nps(side: int, clock: int) -> float:
                return statistics.median(pair[side][0] / pair[side][clock] for pair in pairs)

            wall_native, wall_wasm = median_nps(0, 1), median_nps(1, 1)
            cpu_native, cpu_wasm = median_nps(0, 2), median_nps(1, 2)
            print(json.dumps({"variant": key, "build": wasm_build(variant_by_key(key)), "depth": depth,
                              "positions": len(cases), "nodes": pairs[0][0][0],
                              "native_nps": round(wall_native), "chromium_wasm_nps": round(wall_wasm),
                              "wasm_vs_native_median": round(wall_wasm / wall_native, 2),
                              "paired_ratios": sorted(round(n[1] / w[1], 2) for n, w in pairs),  # native/wasm time
                              "native_nps_cpu": round(cpu_native), "chromium_wasm_nps_cpu": round(cpu_wasm),
                              "cpu_wasm_vs_native_median": round(cpu_wasm / cpu_native, 2),
                              "cpu_paired_ratios": sorted(round(n[2] / w[2], 2) for n, w in pairs)}))
        browser.close()
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
