"""The 3D view from every preset, on a laptop and on a phone held either way: no level is drawn
over another, and the whole stack is inside the canvas (issue 29 item 6: in the default view B
sat over C and A over B, and the "Corner" preset cut off the top level). Spacing "Exploded"
keeps the same promise; so do Hexagonal Raumschach's five hexagon plates. On a wide canvas (a
laptop, a phone held sideways) the levels stand side by side, climbing from A on the left, so a
laptop draws its pieces large enough to read (they were ~21 px wide, stacked). A pinch zooms
gently.
Screenshots of each preset go to test-artifacts/cube-<screen>-<preset>.png (hex-<screen>-...)."""
import itertools
import json
import re
import statistics

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

SCREENS = {
    "laptop": ({"width": 1366, "height": 900}, False),
    "phone": ({"width": 390, "height": 844}, True),
    "phone-landscape": ({"width": 844, "height": 390}, True),
}
PRESETS = ["white", "black", "side", "corner", "top"]


def levels_on_screen(page) -> list[list[int]]:
    return json.loads(page.locator(".cube-canvas").get_attribute("data-levels"))


def show_preset(page, preset: str) -> None:
    page.locator(f'[data-preset="{preset}"]').click()
    # The camera glides there; data-levels is written when it rests.
    expect(page.locator(".board3d")).to_have_attribute("data-moving", "0")


@pytest.mark.parametrize("variant", ["raumschach", "hexraumschach"])
@pytest.mark.parametrize("screen", SCREENS)
def test_no_level_overlaps_another_and_all_are_inside_from_every_preset(
        server_process, make_player, screen, variant):
    viewport, touch = SCREENS[screen]
    white, black = make_player(f"cube-{screen}", viewport=viewport, touch=touch), make_player("cb")
    arrange_game(server_process, white, black, variant="" if variant == "raumschach" else variant)
    shot = "cube" if variant == "raumschach" else "hex"
    page = white.page
    page.locator('.view-switch [data-view="3d"]').click()
    canvas = page.locator(".cube-canvas")
    expect(canvas).to_have_attribute("data-levels", re.compile(r"\S+"))
    box = canvas.bounding_box()
    for spacing in ("compact", "exploded"):
        page.locator(f'[data-spacing="{spacing}"]').click()
        for preset in PRESETS:
            show_preset(page, preset)
            levels = levels_on_screen(page)
            page.screenshot(path=str(ARTIFACTS / f"{shot}-{screen}-{spacing}-{preset}.png"))
            assert len(levels) == 5
            for left, top, right, bottom in levels:
                assert left >= 0 and top >= 0, (spacing, preset, levels)
                assert right <= box["width"] and bottom <= box["height"], (spacing, preset, levels)
            # Every piece model, as drawn, is inside the canvas too (the camera frames it all).
            pieces = json.loads(page.locator(".cube-canvas").get_attribute("data-pieces"))
            assert pieces and (variant != "raumschach" or len(pieces) == 40)
            for cell, (_model, left, top, right, bottom, _depth) in pieces.items():
                assert 0 <= left and right <= box["width"] and 0 <= top and bottom <= box["height"], (
                    spacing, preset, cell)
            # No two levels' boxes overlap ...
            for a, b in itertools.combinations(levels, 2):
                assert a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1], (spacing, preset, levels)
            # ... and from the bottom level each next one is above it (stacked) or right of it
            # (side by side, which a wide canvas gets).
            side_by_side = all(upper[0] > lower[2] for lower, upper in zip(levels, levels[1:]))
            stacked = all(upper[3] < lower[1] for lower, upper in zip(levels, levels[1:]))
            assert side_by_side or stacked, (spacing, preset, levels)
            assert side_by_side == (screen != "phone"), (screen, spacing, preset, levels)
            if screen == "laptop" and preset == "white" and variant == "raumschach":
                widths = [right - left for _model, left, _top, right, _bottom, _depth in pieces.values()]
                assert statistics.median(widths) >= 25, (spacing, sorted(widths))


def test_a_pinch_zooms_in_proportion(server_process, make_player):
    viewport, touch = SCREENS["phone"]
    white, black = make_player("pinch", viewport=viewport, touch=touch), make_player("pinch-b")
    arrange_game(server_process, white, black)
    page = white.page
    page.get_by_role("button", name="Cube (3D)").click()
    cube = page.locator(".board3d")
    expect(page.locator(".cube-canvas")).to_have_attribute("data-levels", re.compile(r"\S+"))
    # Two fingers 40 px apart spread to 110 px (a 70 px pinch), in 10 steps.
    page.locator(".cube-canvas").evaluate("""canvas => {
      const box = canvas.getBoundingClientRect();
      const cx = box.left + box.width / 2, cy = box.top + box.height / 2;
      const fire = (type, id, x) => canvas.dispatchEvent(new PointerEvent(type,
        { pointerId: id, clientX: x, clientY: cy, bubbles: true, pointerType: "touch" }));
      fire("pointerdown", 1, cx - 20); fire("pointerdown", 2, cx + 20);
      for (let i = 1; i <= 10; i += 1) {
        fire("pointermove", 1, cx - 20 - 3.5 * i); fire("pointermove", 2, cx + 20 + 3.5 * i);
      }
      fire("pointerup", 1, cx - 55); fire("pointerup", 2, cx + 55);
    }""")
    expect(cube).not_to_have_attribute("data-camera", re.compile(r",1\.00$"))
    expect(cube).to_have_attribute("data-moving", "0")  # the damped zoom has arrived
    zoom = float(cube.get_attribute("data-camera").split(",")[2])
    assert 1.2 < zoom < 2.2, zoom  # the fingers spread 2.75x; the view grows less, not 6x
