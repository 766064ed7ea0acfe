"""The board script draws Hexagonal Raumschach from its descriptor alone: five levels of SVG
hexagons in Glinski's three shades (one button per cell, clicked inside its hexagon), cell names
on hover and with the coordinates setting, targets, a check line within a level and through the
levels, keyboard walking between neighbouring hexes, Black's view turned round, one level at a
time on a phone, and the levels as stacked hex plates in 3D where a click plays a move. A bare
page on the test server's origin loads the site's modules with the real descriptor and the
engine's legal moves (test_the_board_draws_any_variant_from_its_descriptor.py's harness)."""
import json
import math
import re
from collections import Counter

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.hex_positions import KEY, fen, legal, variant
from tests.browser.test_the_board_draws_any_variant_from_its_descriptor import open_harness

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def descriptor() -> dict:
    from games.web.variants import variant_descriptor

    return variant_descriptor(KEY)


def start_state(**extra) -> dict:
    start = variant().start_fen
    return {"fen": start, "legalMoves": legal(start), "enabled": True, **extra}


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_five_levels_of_hexagons_in_three_shades_play_a_move(make_player, server_url):
    described = descriptor()
    assert described["cell_shape"] == "hex"
    player = open_harness(make_player, server_url, described, start_state(), "hex-2d")
    page = player.page
    cells = page.locator(".cell.hex")
    expect(cells).to_have_count(len(described["cells"]))
    expect(page.locator(".hexgrid")).to_have_count(len(described["boards"]))
    expect(page.locator(".grid")).to_have_count(0)  # no square grid anywhere
    # Each cell's shade is the descriptor's: Glinski's three colours, in the same numbers.
    drawn = Counter(page.evaluate("""() => [...document.querySelectorAll('.cell.hex')].map(
        (b) => [...b.classList].find((c) => c.startsWith('shade-')))"""))
    assert drawn == Counter(f"shade-{c['shade']}" for c in described["cells"])
    assert len(drawn) == 3
    # Flat tops: a hexagon as wide as 2/sqrt(3) of its height; a file's neighbours stacked.
    box = player.cell("Cd4").bounding_box()
    assert box["width"] / box["height"] == pytest.approx(2 / math.sqrt(3), rel=0.03)
    above = player.cell("Cd5").bounding_box()
    assert centre(above)[0] == pytest.approx(centre(box)[0], abs=1)
    assert centre(box)[1] - centre(above)[1] == pytest.approx(box["height"], abs=1.5)
    upright = player.cell("Ce4").bounding_box()  # the next file, half a cell lower or higher
    assert abs(centre(upright)[1] - centre(box)[1]) == pytest.approx(box["height"] / 2, abs=1.5)
    expect(player.cell("Ad1")).to_have_accessible_name("Ad1, white king")
    expect(player.cell("Ed7")).to_have_accessible_name("Ed7, black king")
    # The hexagon takes the click: the corner of a cell's box belongs to its neighbour.
    player.cell("Cd2").click(position={"x": box["width"] / 2, "y": box["height"] / 2})
    moves = [m for m in legal(variant().start_fen) if m.startswith("Cd2")]
    expect(page.locator(".cell.dest")).to_have_count(len({m[3:6] for m in moves}))
    page.screenshot(path=str(ARTIFACTS / "hex-harness-2d-targets.png"), full_page=True)
    player.cell(moves[0][3:6]).click()
    page.wait_for_function("() => window.played.length === 1")
    assert page.evaluate("window.played") == [moves[0]]
    # Names: under the pointer, and on every cell with the coordinates setting.
    player.cell("Bc3").hover()
    expect(page.locator('.cell[data-name="Bc3"] .coord')).to_be_visible()
    expect(page.locator('.cell[data-name="Bc4"] .coord')).to_be_hidden()
    page.locator(".coords-toggle").check()
    expect(page.locator('.cell[data-name="Eg4"] .coord')).to_be_visible()
    expect(page.locator('.cell[data-name="Eg4"] .coord')).to_have_text("Eg4")
    page.screenshot(path=str(ARTIFACTS / "hex-harness-2d-coordinates.png"), full_page=True)


def test_check_lines_run_through_the_hexes_and_the_levels(make_player, server_url):
    # Through the levels: White's rook on Ad4 checks Black's king on Dd4 straight up, through
    # Bd4 and Cd4 (the checker named as the server's game state names it).
    position = fen({"Ad4": "R", "Dd4": "k", "Ag1": "K"}, side="b")
    state = {"fen": position, "legalMoves": legal(position), "checkers": ["Ad4"], "enabled": False}
    player = open_harness(make_player, server_url, descriptor(), state, "hex-check")
    page = player.page
    expect(page.locator(".cell.check")).to_have_accessible_name("Dd4, black king")
    expect(page.locator(".cell.checker")).to_have_accessible_name("Ad4, white rook")
    path = page.locator(".cell.check-path")
    expect(path).to_have_count(2)
    assert sorted(b.get_attribute("data-name") for b in path.all()) == ["Bd4", "Cd4"]
    # Within a level: the rook on Cd1 checks the king on Cd5 up the file.
    position = fen({"Cd1": "R", "Cd5": "k", "Ag1": "K"}, side="b")
    state = {"fen": position, "legalMoves": legal(position), "checkers": ["Cd1"]}
    page.evaluate(f"window.view.setPosition({json.dumps(state)})")
    assert sorted(b.get_attribute("data-name") for b in path.all()) == ["Cd2", "Cd3", "Cd4"]
    page.screenshot(path=str(ARTIFACTS / "hex-harness-2d-check.png"), full_page=True)


def test_the_keyboard_walks_to_neighbouring_hexes(make_player, server_url):
    player = open_harness(make_player, server_url, descriptor(), start_state(), "hex-keys")
    page = player.page
    player.cell("Cd4").focus()
    focused = lambda: page.evaluate("document.activeElement.dataset.name")  # noqa: E731
    page.keyboard.press("ArrowUp")
    assert focused() == "Cd5"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    right = focused()
    assert right in ("Ce3", "Ce4")  # down-right or up-right: both share a side with Cd4
    page.keyboard.press("ArrowLeft")
    left = focused()
    assert left in ({"Ce3": ("Cd3", "Cd4"), "Ce4": ("Cd4", "Cd5")}[right])
    page.keyboard.press("PageUp")
    assert focused() == "D" + left[1:]  # the cell straight above
    player.cell("Ag1").focus()
    page.keyboard.press("ArrowRight")
    assert focused() == "Ag1"  # the edge: the focus stays


def test_black_sees_the_hexes_turned_round(make_player, server_url):
    player = make_player("hex-black")
    page = player.page
    from tests.browser.test_the_board_draws_any_variant_from_its_descriptor import HARNESS_PATH, harness

    page.route(f"{server_url}{HARNESS_PATH}", lambda route: route.fulfill(
        status=200, content_type="text/html", body=harness(descriptor(), start_state(), "black")))
    page.goto(server_url + HARNESS_PATH)
    expect(page.locator("body")).to_have_attribute("data-ready", "yes")
    low, high = player.cell("Ad1").bounding_box(), player.cell("Ad7").bounding_box()
    assert low["y"] < high["y"]  # White's edge at the top for Black
    left, right = player.cell("Aa1").bounding_box(), player.cell("Ag1").bounding_box()
    assert left["x"] > right["x"]
    labels = page.locator('section[data-level="A"] .hex-file-label')
    expect(labels).to_have_count(7)
    assert [t.strip() for t in labels.all_inner_texts()] == list("abcdefg")  # drawn g..a on screen
    page.screenshot(path=str(ARTIFACTS / "hex-harness-2d-black.png"), full_page=True)


def test_a_phone_shows_one_hex_level_large_with_the_strip(make_player, server_url):
    player = open_harness(make_player, server_url, descriptor(), start_state(), "hex-phone",
                          viewport={"width": 390, "height": 844})
    page = player.page
    expect(page.locator(".level.shown")).to_have_count(1)
    expect(page.locator(".level-strip")).to_be_visible()
    page.get_by_role("button", name=re.compile(r"^Level C")).click()
    shown = page.locator(".level.shown .hexgrid").bounding_box()
    assert shown["width"] <= 390 and shown["width"] > 300  # one level, nearly the screen's width
    player.cell("Cd2").click()
    expect(page.get_by_role("button", name=re.compile(r"^Level D, \d+ target"))).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "hex-harness-phone.png"), full_page=True)


def test_the_3d_view_stacks_hex_plates_and_plays_a_click(make_player, server_url):
    described = descriptor()
    player = open_harness(make_player, server_url, described, start_state(), "hex-3d")
    page = player.page
    page.get_by_role("button", name="Stack (3D)").click()
    canvas = page.locator(".cube-canvas")
    expect(canvas).to_have_attribute("data-cells", re.compile(r"\S+"))
    cells = json.loads(canvas.get_attribute("data-cells"))
    assert len(cells) == len(described["cells"])
    levels = json.loads(canvas.get_attribute("data-levels"))
    assert len(levels) == len(described["boards"])
    move = next(m for m in legal(variant().start_fen) if m.startswith("Cd2"))
    x, y = cells[move[:3]]
    canvas.click(position={"x": x, "y": y})
    expect(page.locator(".board3d")).to_have_attribute("data-selected", move[:3])
    x, y = json.loads(canvas.get_attribute("data-cells"))[move[3:6]]
    canvas.click(position={"x": x, "y": y})
    page.wait_for_function("() => window.played.length === 1")
    assert page.evaluate("window.played") == [move]
    page.screenshot(path=str(ARTIFACTS / "hex-harness-3d.png"))
