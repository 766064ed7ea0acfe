"""The cube in 3D: switch to it, turn it, select a piece and see its targets, play a move by
clicking in 3D, and see the opponent's move arrive live; on a laptop and on a phone. The
canvas publishes where each cell's centre is on screen (data-cells), so the test clicks cells,
not guessed pixels."""
import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, ROOT, arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}


def click_cell_3d(player, name: str, touch: bool = False) -> None:
    expect(player.page.locator(".board3d")).to_have_attribute("data-moving", "0")  # the camera rests
    canvas = player.page.locator(".cube-canvas")
    x, y = json.loads(canvas.get_attribute("data-cells"))[name]
    if touch:
        canvas.tap(position={"x": x, "y": y})
    else:
        canvas.click(position={"x": x, "y": y})


def switch_to_3d(player) -> None:
    player.page.get_by_role("button", name="Cube (3D)").click()
    expect(player.page.locator(".board-root")).to_have_attribute("data-view", "3d")
    expect(player.page.locator(".cube-canvas")).to_have_attribute("data-cells", re.compile(r"\S+"))


def play_a_game_in_3d(server_process, white, black, shot: str, touch: bool = False) -> None:
    arrange_game(server_process, white, black)
    switch_to_3d(white)
    cube = white.page.locator(".board3d")

    # Turn it: dragging and the arrow keys both move the camera.
    before = cube.get_attribute("data-camera")
    box = white.page.locator(".cube-canvas").bounding_box()
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    white.page.mouse.move(*middle)
    white.page.mouse.down()
    white.page.mouse.move(middle[0] + 80, middle[1] + 20, steps=5)
    white.page.mouse.up()
    expect(cube).not_to_have_attribute("data-camera", before)
    turned = cube.get_attribute("data-camera")
    white.page.locator(".cube-canvas").press("ArrowLeft")
    expect(cube).not_to_have_attribute("data-camera", turned)
    white.page.get_by_role("button", name="White's side").click()
    # data-camera and data-cells are written together after the frame is drawn.
    expect(cube).to_have_attribute("data-camera", re.compile(r"^0\.00,0\.\d\d,1\.00$"))

    # Select a pawn: its targets (one and two levels up) are marked in the cube.
    expect(white.page.locator("#game")).to_have_attribute("data-ready", "true")
    click_cell_3d(white, "Bc2", touch)
    expect(cube).to_have_attribute("data-selected", "Bc2")
    expect(cube).to_have_attribute("data-targets", "Bc3 Cc2")
    white.page.screenshot(path=str(ARTIFACTS / f"{shot}-selected.png"))

    # Play it by clicking the target in 3D; the opponent's board follows.
    click_cell_3d(white, "Cc2", touch)
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")
    expect(black.cell("Cc2")).to_have_accessible_name("Cc2, white pawn")

    # The opponent answers (in 2D); the move arrives live in White's cube as the last move.
    black.click_move("Dc4Dc3")
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "2")
    expect(cube).to_have_attribute("data-last-move", "Dc4Dc3")
    white.page.screenshot(path=str(ARTIFACTS / f"{shot}-answered.png"))

    # The choice is remembered.
    white.page.reload()
    expect(white.page.locator(".board-root")).to_have_attribute("data-view", "3d")
    expect(white.page.locator(".cube-canvas")).to_have_attribute("data-cells", re.compile(r"\S+"))


def test_a_move_is_played_by_clicking_in_the_cube_on_a_laptop(server_process, make_player):
    play_a_game_in_3d(server_process, make_player("cube-w"), make_player("cube-b"), "cube-laptop")


def test_a_move_is_played_by_clicking_in_the_cube_on_a_phone(server_process, make_player):
    # A touch screen: the cells are tapped.
    play_a_game_in_3d(server_process, make_player("cube-pw", PHONE, touch=True),
                      make_player("cube-pb"), "cube-phone", touch=True)


def test_the_replay_page_offers_the_cube_too(server_process, make_player):
    white, black = make_player("rcube-w"), make_player("rcube-b")
    game_id = arrange_game(server_process, white, black)
    white.click_move("Bc2Cc2")
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "1")
    white.goto(f"/games/{game_id}/replay/#ply=1")
    switch_to_3d(white)
    expect(white.page.locator(".board3d")).to_have_attribute("data-last-move", "Bc2Cc2")


def test_a_check_is_drawn_as_a_line_through_the_cube(server_process, make_player):
    # White's king on Aa1 is checked by the black bishop on Ca3, two levels up.
    fen = "k4/5/5/5/5|5/5/5/5/5|5/5/b4/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1"
    white, black = make_player("chk-w"), make_player("chk-b")
    arrange_game(server_process, white, black, fen=fen)
    switch_to_3d(white)
    expect(white.page.locator(".board3d")).to_have_attribute("data-check-lines", "1")


def test_the_vendored_three_js_is_served_with_a_long_cache_header(server_url):
    version = (ROOT / "games/static/vendor/three/VERSION").read_text().strip()
    revision = "r" + version.split(".")[1]
    with urllib.request.urlopen(f"{server_url}/static/vendor/three/{revision}/three.module.js") as r:
        assert r.status == 200
        assert "immutable" in r.headers["Cache-Control"]
        assert "max-age=315360000" in r.headers["Cache-Control"]
