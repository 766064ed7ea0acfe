"""Builds the browser's engine: the native core (engine/native/, C) as WebAssembly, twice.

    python scripts/build_wasm.py [--out-dir DIR] [--only narrow|wide]   # test.sh, serve.sh, the Dockerfile

As setup.py builds the native core twice, this builds the same sources twice: ``rs_engine.wasm``
(128-bit boards: the cube's variants) and ``rs_engine_wide.wasm`` (``-DRS_WIDE``: 256-bit boards,
Hexagonal Raumschach's 185 cells).  The analysis board loads the one its variant needs, chosen
by cell count as engine/core.py chooses the native module (engine/wasm_tables.py's
``wasm_build``).  The wide build's ``bb_t`` is GCC's vector extension, which clang compiles for
wasm32 as it is (four i64 lanes; no SIMD proposal needed), so the C is the native core's.

The compiler is clang as shipped in the ``ziglang`` wheel from PyPI (requirements.txt), so no
system toolchain is needed; its WASI libc gives malloc, qsort and the clock.  The search's
setjmp/longjmp become WebAssembly exception handling (Chromium, Firefox, Safari and Node >= 16
run it).  The outputs are build artefacts (git-ignored), served as static files of the
analysis app.  Exits non-zero with the compiler's message when it cannot build; the analysis
board then falls back to the server's search.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NATIVE = ROOT / "engine" / "native"
# module.c and spec.c are the CPython glue; wasm_api.c and wasm_spec.c take their place.
UNITS = ("variant", "position", "movegen", "evaluate", "search", "tb", "wasm_spec", "wasm_api")
OUT_DIR = ROOT / "analysis" / "static" / "analysis" / "engine"
# Build name -> (file, extra flags); the names are engine/wasm_tables.py's WASM_FILES keys.
BUILDS = {
    "narrow": ("rs_engine.wasm", []),
    "wide": ("rs_engine_wide.wasm", ["-DRS_WIDE"]),
}
DEFAULT_OUT = OUT_DIR / BUILDS["narrow"][0]
FLAGS = [
    "--target=wasm32-wasi", "-mexec-model=reactor", "-O3", "-s", "-std=c11", "-Wall", "-Wno-unused-function",
    "-mllvm", "-wasm-enable-sjlj", "-mexception-handling",
    # The browser measures movetime on the wall clock; search.c names the CPU clock only for
    # the server's cpu_clock option, which WASI does not offer.
    "-DCLOCK_THREAD_CPUTIME_ID=CLOCK_MONOTONIC",
]


def build(out: Path | None = None, wide: bool = False) -> Path:
    """One build (the narrow one unless ``wide``) into ``out`` (default: the static file)."""
    name = "wide" if wide else "narrow"
    file, extra = BUILDS[name]
    out = out or OUT_DIR / file
    out.parent.mkdir(parents=True, exist_ok=True)
    # A temporary name of this process's own: two builds at once (serve.sh in one test worker, a
    # test's fixture in another) must not write into, or rename away, each other's file.
    tmp = out.with_name(f"{out.stem}.{os.getpid()}.wasm.tmp")
    cmd = [sys.executable, "-m", "ziglang", "cc", *FLAGS, *extra, *(str(NATIVE / f"{u}.c") for u in UNITS),
           "-o", str(tmp)]
    subprocess.run(cmd, check=True, cwd=ROOT)
    os.replace(tmp, out)  # a page never loads a half-written module
    return out


def build_all(out_dir: Path = OUT_DIR, only: str | None = None) -> dict[str, Path]:
    """Every build (or ``only`` one) into ``out_dir``, by build name."""
    return {name: build(out_dir / file, wide=name == "wide")
            for name, (file, _) in BUILDS.items() if only in (None, name)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, default=OUT_DIR)
    parser.add_argument("--only", choices=sorted(BUILDS))
    args = parser.parse_args(argv)
    try:
        paths = build_all(args.out_dir, args.only)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        print(f"build_wasm: {exc}", file=sys.stderr)
        return 1
    for path in paths.values():
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
