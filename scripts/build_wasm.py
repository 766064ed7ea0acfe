"""Builds the browser's engine: the native core (engine/native/, C) as WebAssembly.

    python scripts/build_wasm.py [--out PATH]   # scripts/test.sh, serve.sh and the Dockerfile run it

The compiler is clang as shipped in the ``ziglang`` wheel from PyPI (requirements.txt), so no
system toolchain is needed; its WASI libc gives malloc, qsort and the clock.  The search's
setjmp/longjmp become WebAssembly exception handling (Chromium, Firefox, Safari and Node >= 16
run it).  The output is a build artefact (git-ignored), served as a static file of the
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
UNITS = ("variant", "position", "movegen", "evaluate", "search", "wasm_spec", "wasm_api")
DEFAULT_OUT = ROOT / "analysis" / "static" / "analysis" / "engine" / "rs_engine.wasm"
FLAGS = [
    "--target=wasm32-wasi", "-mexec-model=reactor", "-O3", "-s", "-std=c11", "-Wall", "-Wno-unused-function",
    "-mllvm", "-wasm-enable-sjlj", "-mexception-handling",
    # The browser measures movetime on the wall clock; search.c names the CPU clock only for
    # the server's cpu_clock option, which WASI does not offer.
    "-DCLOCK_THREAD_CPUTIME_ID=CLOCK_MONOTONIC",
]


def build(out: Path = DEFAULT_OUT) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".wasm.tmp")
    cmd = [sys.executable, "-m", "ziglang", "cc", *FLAGS, *(str(NATIVE / f"{u}.c") for u in UNITS), "-o", str(tmp)]
    subprocess.run(cmd, check=True, cwd=ROOT)
    os.replace(tmp, out)  # a page never loads a half-written module
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    try:
        path = build(args.out)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        print(f"build_wasm: {exc}", file=sys.stderr)
        return 1
    print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
