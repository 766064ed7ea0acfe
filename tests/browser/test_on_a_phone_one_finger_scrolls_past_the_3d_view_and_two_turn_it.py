"""The 3D view on a phone (issue 39): a one-finger swipe up over the view scrolls the page (it
turned the camera, so a phone could not scroll past a view that fills its screen), a sideways
swipe still turns the view round, and two fingers moved together turn it; White's own level,
drawn at the bottom of the stage from White's side, is on the first screen without scrolling
(the stage ran ~70 px past a 390x844 screen). Screenshot: test-artifacts/phone-3d-first-screen.png."""
import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}


def camera(page) -> tuple[float, ...]:
    expect(page.locator(".board3d")).to_have_attribute("data-moving", "0")
    return tuple(float(v) for v in page.locator(".board3d").get_attribute("data-camera").split(","))


def swipe(cdp, points: list[list[tuple[float, float]]], steps: int = 12) -> None:
    """Fingers (one list of (x, y) per finger: from, to) moved together in `steps`, as the
    screen reports them (Chromium pans the page for the touches its target does not take)."""
    def at(share: float) -> list[dict]:
        return [{"x": a[0] + (b[0] - a[0]) * share, "y": a[1] + (b[1] - a[1]) * share, "id": i}
                for i, (a, b) in enumerate(points)]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": at(0)})
    for k in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": at(k / steps)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def settle(page) -> int:
    """The page's scroll once it has stopped moving."""
    last = None
    while (now := page.evaluate("window.scrollY")) != last:
        last = now
        page.wait_for_timeout(250)
    return now


def test_one_finger_scrolls_the_page_and_two_turn_the_view(server_process, make_player):
    white, black = make_player("touch3d", PHONE, touch=True), make_player("touch3d-b")
    arrange_game(server_process, white, black)
    page = white.page
    page.locator('.view-switch [data-view="3d"]').click()
    expect(page.locator(".cube-canvas")).to_have_attribute("data-levels", re.compile(r"\S+"))
    before = camera(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "phone-3d-first-screen.png"))
    # White's own level (A, the stage's lowest) whole on the first screen.
    canvas = page.locator(".cube-canvas").bounding_box()
    levels = json.loads(page.locator(".cube-canvas").get_attribute("data-levels"))
    lowest = max(bottom for _left, _top, _right, bottom in levels)
    assert canvas["y"] + lowest <= PHONE["height"], (canvas, lowest)
    assert canvas["y"] + canvas["height"] <= PHONE["height"], canvas

    cdp = page.context.new_cdp_session(page)
    x, y = canvas["x"] + canvas["width"] / 2, canvas["y"] + canvas["height"] * 0.7
    swipe(cdp, [[(x, y), (x, y - 250)]])
    page.wait_for_function("window.scrollY > 100")
    assert camera(page) == before  # the swipe scrolled, it did not turn the view

    settle(page)  # the swipe's fling ends
    page.evaluate("window.scrollTo(0, 0)")
    canvas = page.locator(".cube-canvas").bounding_box()
    y = canvas["y"] + canvas["height"] / 2
    swipe(cdp, [[(x - 60, y), (x + 60, y)]])  # sideways: round
    turned = camera(page)
    assert settle(page) == 0
    # Round (its elevation only as far as the new azimuth's limit keeps the levels apart).
    assert turned[0] != before[0] and turned[1] <= before[1], (before, turned)
    swipe(cdp, [[(x - 50, y), (x + 30, y - 60)], [(x + 50, y), (x + 130, y - 60)]])  # two fingers
    assert camera(page)[:2] != turned[:2]
    assert settle(page) == 0
