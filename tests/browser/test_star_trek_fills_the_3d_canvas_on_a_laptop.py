"""Star Trek's stand in 3D on a laptop (1366x900, a stage ~2.5 times wider than tall) uses the
canvas: its cells and pieces, seen from the stand's first view, span most of the canvas's width
(issue 39: stacked, the tall narrow stand filled a quarter of it, pieces ~30 px tall), and the
level letters do not overlap one another. Screenshots go to test-artifacts/ (and SHOTS, when set)."""
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game
from tests.startrek_positions import KEY, fen

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

LEAST_WIDTH_SHARE = 0.6  # of the canvas's width spanned by the stand's cells and pieces


def settle(page) -> None:
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def measure(page) -> dict:
    canvas = page.locator(".cube-canvas")
    expect(page.locator(".board3d")).to_have_attribute("data-moving", "0")
    settle(page)
    width, height = page.evaluate("c => [c.clientWidth, c.clientHeight]", canvas.element_handle())
    cells = json.loads(canvas.get_attribute("data-cells"))
    pieces = json.loads(canvas.get_attribute("data-pieces"))
    labels = json.loads(canvas.get_attribute("data-labels") or "[]")
    xs = [x for x, _ in cells.values()] + [p[1] for p in pieces.values()] + [p[3] for p in pieces.values()]
    ys = [y for _, y in cells.values()] + [p[2] for p in pieces.values()] + [p[4] for p in pieces.values()]
    heights = sorted(p[4] - p[2] for p in pieces.values())
    return {"canvas": (width, height), "box": (min(xs), min(ys), max(xs), max(ys)),
            "piece_height": heights[len(heights) // 2], "labels": labels}


def shot(page, name: str) -> None:
    path = ARTIFACTS / f"startrek-fills-{name}.png"
    page.screenshot(path=str(path))
    if os.environ.get("SHOTS"):
        Path(os.environ["SHOTS"]).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(os.environ["SHOTS"]) / path.name)


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# Every attack board at level E: four over the middle board's corners, two under the top
# board's (stacked, the letters of boards on different main boards' corners fell together).
E_PINS = ("K3u", "K4u", "K6d", "Q3u", "Q4u", "Q5d")


@pytest.mark.parametrize("spacing,pins", [("compact", None), ("exploded", None), ("compact", E_PINS)],
                         ids=["compact", "exploded", "e-boards"])
def test_the_stand_spans_most_of_a_laptops_canvas(server_process, make_player, spacing, pins):
    white = make_player("st-fill-w")
    black = make_player("st-fill-b")
    start = fen({"Bb1": "K", "Fd8": "k"}, pins) if pins else None
    arrange_game(server_process, white, black, fen=start, variant=KEY)
    page = white.page
    page.get_by_role("button", name="Stand (3D)").click()
    expect(page.locator(".cube-canvas")).to_have_attribute("data-pin-points", re.compile(r"K1d"))
    page.locator(f'[data-spacing="{spacing}"]').click()
    seen = measure(page)
    shot(page, f"{spacing}-{'e-boards' if pins else 'start'}")
    print(spacing, seen)
    (width, height), (left, top, right, bottom) = seen["canvas"], seen["box"]
    assert 0 <= left and right <= width and 0 <= top and bottom <= height, seen
    assert (right - left) >= LEAST_WIDTH_SHARE * width, seen
    # Every level letter drawn has a box of its own on screen.
    labels = seen["labels"]
    assert labels, seen
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            assert not overlap(a["box"], b["box"]), (a, b)
