from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

RUNNER = Path(__file__).with_name("run_wasm_searches.js")


@pytest.fixture(scope="session")
def wasm_module(tmp_path_factory) -> Path:
    """The browser's engine built from the current engine/native sources."""
    from scripts.build_wasm import build

    return build(tmp_path_factory.mktemp("wasm") / "rs_engine.wasm")


def run_in_node(wasm: Path, tables: dict, positions: list[dict], tmp_path: Path) -> list[dict]:
    """Each position searched by the WebAssembly core under Node (run_wasm_searches.js)."""
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"wasm": str(wasm), "tables": tables, "positions": positions}))
    done = subprocess.run(["node", str(RUNNER), str(job)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


from tests.site_fixtures import *  # noqa: E402,F401,F403  (users, games, API clients)
