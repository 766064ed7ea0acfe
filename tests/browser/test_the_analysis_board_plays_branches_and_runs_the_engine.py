"""The analysis board in a real Chromium: a line played from the start, taken back, a
variation branched off; the engine (the native core compiled to WebAssembly, in a Web Worker)
deepens and shows its line, stops; a malformed position string is refused with the engine's
reason; opened from one's own game in progress the engine is off. Screenshots go to
test-artifacts/ (and /work/notes/screens/ when that folder exists, for the session's notes)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.wasm, pytest.mark.slow]
NOTES = Path("/work/notes/screens")


@pytest.fixture(scope="module", autouse=True)
def built_engine(built_browser_engines):
    """The browser's engine where the server serves it."""


def _shot(player, name: str) -> None:
    path = player.screenshot(f"analysis-board-{name}.png")
    if NOTES.is_dir():
        shutil.copy(path, NOTES / path.name)


def _move(player, coord: str) -> None:
    page = player.page
    plies = int(page.locator("#analysis").get_attribute("data-ply"))
    player.cell(coord[:3]).click()
    player.cell(coord[3:6]).click()
    expect(page.locator("#analysis")).to_have_attribute("data-ply", str(plies + 1))


def _open(make_player, name: str, path: str):
    player = make_player(name)
    player.goto(path)
    return player, player.page


def _engine_reaches(page, depth: int) -> None:
    page.get_by_role("button", name="Start engine").click()
    page.wait_for_function(f"() => Number(document.querySelector('#analysis').dataset.engineDepth || 0) >= {depth}",
                           timeout=60_000)


def test_a_line_is_played_taken_back_and_branched_with_the_engine_running(make_player):
    player, page = _open(make_player, "analyst", "/analysis/")
    expect(page.locator(".analysis-position")).to_have_text("Start position")
    _move(player, "Bb2Bb3")
    _move(player, "Dd4Dd3")
    _move(player, "Ba1Ca2")
    tree = page.locator(".move-tree")
    expect(tree).to_contain_text("1. Bb2-Bb3")
    expect(tree).to_contain_text("2. BBa1-Ca2")
    # Take back the last move: gone from the tree, the board one ply back.
    page.get_by_role("button", name="Take back").click()
    expect(page.locator("#analysis")).to_have_attribute("data-ply", "2")
    expect(tree).not_to_contain_text("Ca2")
    # Back one more, and a different first reply: a variation beside the main line.
    page.get_by_role("button", name="Back one move").click()
    expect(page.locator("#analysis")).to_have_attribute("data-ply", "1")
    _move(player, "Db4Db3")
    expect(tree.locator(".variation")).to_contain_text("Db4-Db3")
    expect(tree.locator(".tree-move.current")).to_contain_text("Db4-Db3")
    # The engine, in the browser: it deepens, shows an evaluation and a line, and stops.
    _engine_reaches(page, 4)
    expect(page.locator(".engine-status")).to_have_text("Searching in your browser…")
    line = page.locator(".engine-line").inner_text()
    assert len(line.split()) >= 2, line
    assert page.locator(".engine-eval").inner_text()[0] in "+-#", page.locator(".engine-eval").inner_text()
    _shot(player, "engine-line")
    page.get_by_role("button", name="Stop engine").click()
    expect(page.locator(".engine-status")).to_have_text("Stopped.")
    # Flip: Black's side at the bottom; Copy: the position string shown, ready to paste.
    page.get_by_role("button", name="Flip board").click()
    expect(page.locator(".board").first).to_have_attribute("data-orientation", "black")
    page.get_by_role("button", name="Copy").click()
    assert page.locator(".fen-input").input_value().split()[1] == "w"  # after 1. ... Db4-Db3
    # The 3D view draws the same position.
    page.get_by_role("button", name="Cube (3D)").click()
    expect(page.locator(".board-view")).to_have_attribute("data-view", "3d")
    _shot(player, "3d")


def test_a_malformed_position_string_is_refused_and_the_board_stays(make_player):
    player, page = _open(make_player, "paste", "/analysis/")
    before = page.locator(".fen-input").input_value()
    page.locator(".fen-input").fill("this is not a position")
    page.get_by_role("button", name="Load").click()
    expect(page.locator(".analysis-error")).to_contain_text("Not a Raumschach position")
    expect(page.locator(".analysis-position")).to_have_text("Start position")
    _shot(player, "bad-position")
    page.locator(".fen-input").fill(before)
    page.get_by_role("button", name="Load").click()
    expect(page.locator(".analysis-error")).to_have_text("")


def test_the_engine_is_off_on_your_own_game_in_progress(make_player, server_process):
    white, black = make_player("white"), make_player("black")
    game_id = arrange_game(server_process, white, black)
    white.goto(f"/games/{game_id}/")
    white.page.get_by_role("link", name="Analyse").click()
    page = white.page
    expect(page.get_by_role("button", name="Start engine")).to_be_disabled()
    expect(page.locator(".engine-status")).to_contain_text("The engine is off")
    _move(white, "Bb2Bb3")  # exploring moves still works
    _shot(white, "engine-off")


def test_five_up_is_analysed_in_the_browser_too(make_player):
    player, page = _open(make_player, "fiveup", "/analysis/?variant=fiveup")
    expect(page.locator("h1")).to_contain_text("Five Up")
    _move(player, "Ab2Ab3")
    _engine_reaches(page, 3)
    assert page.locator(".engine-line").inner_text().strip()
    _shot(player, "fiveup")
    page.get_by_role("button", name="Stop engine").click()


def test_a_browser_without_webassembly_asks_the_server(browser, server_url):
    """A browser without WebAssembly (removed before the page's scripts run): the page offers
    the server's one-second search, and shows its line."""
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    try:
        context.add_init_script("delete globalThis.WebAssembly;")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server_url + "/analysis/")
        assert page.evaluate("typeof WebAssembly") == "undefined"
        expect(page.locator(".engine-status")).to_contain_text("the server searches")
        page.get_by_role("button", name="Ask the server").click()
        expect(page.locator(".engine-status")).to_have_text("Searched by the server.")
        assert page.locator(".engine-line").inner_text().strip()
        assert int(page.locator(".engine-depth").inner_text()) >= 1
        assert not errors, errors
    finally:
        context.close()
