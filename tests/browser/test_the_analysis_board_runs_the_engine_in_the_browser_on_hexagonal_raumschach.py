"""The analysis board on Hexagonal Raumschach (185 cells: the core's wide build) in a real
Chromium: after a move on the hex board, the engine runs in the browser - the page fetches the
wide WebAssembly build (rs_engine_wide.wasm), never the server's search - deepens, and shows
its depth, evaluation and line; it stops when asked, and the 3D stack draws the position."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

import engine
from engine.pieces import KIND_MASK, PAWN
from tests.browser import hex_positions

pytestmark = [pytest.mark.browser, pytest.mark.wasm, pytest.mark.slow]
NOTES = Path("/work/notes/shots-analysis")


@pytest.fixture(scope="module", autouse=True)
def built_engine(built_browser_engines):
    """Both builds where the server serves them."""


def _shot(player, name: str) -> None:
    path = player.screenshot(name)
    if NOTES.is_dir():  # the session's notes, when this machine has them
        shutil.copy(path, NOTES / path.name)


def test_hexagonal_raumschach_is_searched_by_the_wide_build_in_the_browser(make_player):
    player = make_player("hexanalyst")
    page = player.page
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    player.goto(f"/analysis/?variant={hex_positions.KEY}")
    expect(page.locator("h1")).to_contain_text("Hexagonal Raumschach")
    # A pawn's first move, as the engine lists it from the start (no hand-spelled move).
    start = engine.Position.start(hex_positions.variant())
    move = next(coord for coord in hex_positions.legal(start.fen())
                if start.sq[start.variant.geometry.parse_cell(coord[:3])] & KIND_MASK == PAWN)
    player.cell(move[:3]).click()
    player.cell(move[3:6]).click()
    expect(page.locator("#analysis")).to_have_attribute("data-ply", "1")
    page.get_by_role("button", name="Start engine").click()
    page.wait_for_function("() => Number(document.querySelector('#analysis').dataset.engineDepth || 0) >= 3",
                           timeout=60_000)
    expect(page.locator(".engine-status")).to_have_text("Searching in your browser…")
    assert int(page.locator(".engine-depth").inner_text()) >= 3
    evaluation = page.locator(".engine-eval").inner_text()
    assert evaluation[0] in "+-#" or evaluation == "0.00", evaluation
    line = page.locator(".engine-line").inner_text().split()
    assert len(line) >= 2, line
    assert "kN/s" in page.locator(".engine-speed").inner_text()
    _shot(player, "analysis-board-hex-engine.png")
    page.get_by_role("button", name="Stop engine").click()
    expect(page.locator(".engine-status")).to_have_text("Stopped.")
    page.get_by_role("button", name="Stack (3D)").click()
    expect(page.locator(".board-view")).to_have_attribute("data-view", "3d")
    _shot(player, "analysis-board-hex-3d.png")
    wasm = [url.rsplit("/", 1)[-1].split("?")[0] for url in fetched if ".wasm" in url]
    assert wasm and all(name.startswith("rs_engine_wide") for name in wasm), wasm
    assert not [url for url in fetched if "/api/v1/analysis/search/" in url], "the server searched"
