from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

RUNNER = Path(__file__).with_name("run_wasm_searches.js")


@pytest.fixture(scope="session")
def wasm_modules(tmp_path_factory) -> dict[str, Path]:
    """The browser's engine, both builds (narrow, wide), from the current engine/native sources."""
    from scripts.build_wasm import build_all

    return build_all(tmp_path_factory.mktemp("wasm"))


def run_in_node(wasm: dict[str, Path], builds: dict[str, str], tables: dict, positions: list[dict],
                tmp_path: Path) -> list[dict]:
    """Each position searched by the WebAssembly core under Node (run_wasm_searches.js): the
    variant ``key`` in the build ``builds[key]`` ("narrow" or "wide", whose file is ``wasm[...]``)."""
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"wasm": {name: str(path) for name, path in wasm.items()}, "builds": builds,
                               "tables": tables, "positions": positions}))
    done = subprocess.run(["node", str(RUNNER), str(job)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


from tests.site_fixtures import *  # noqa: E402,F401,F403  (users, games, API clients)
