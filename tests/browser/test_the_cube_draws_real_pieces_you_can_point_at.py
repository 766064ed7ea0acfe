"""The 3D view's pieces are modelled, one shape per kind (issue 29 item 6: they were lettered
discs): each kind of every playable variant has its own geometry, and the start position shows
each piece as its kind's model. Pointing works from every viewpoint: the mouse over a cell's
centre marks that cell, and a click on a piece's head (not its cell) selects it. The spacing
control spreads the levels further apart and is remembered."""
import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PRESETS = ["white", "black", "side", "corner", "top"]
SIGNATURES = """root => {
  const view = root.board3d;
  return Object.fromEntries([...view.variant.pieces.keys()].map((kind) => [kind, view.pieces.signature(kind)]));
}"""


def open_cube(page) -> None:
    page.locator('.view-switch [data-view="3d"]').click()
    expect(page.locator(".cube-canvas")).to_have_attribute("data-pieces", re.compile(r"\S+"))


def show_preset(page, preset: str) -> None:
    page.locator(f'[data-preset="{preset}"]').click()
    expect(page.locator(".board3d")).to_have_attribute("data-moving", "0")


@pytest.mark.parametrize("variant", ["raumschach", "fiveup", "hexraumschach"])
def test_every_kind_has_its_own_model(server_process, make_player, variant):
    white, black = make_player(f"models-{variant}"), make_player("models-b")
    arrange_game(server_process, white, black, variant="" if variant == "raumschach" else variant)
    page = white.page
    open_cube(page)
    signatures = page.locator(".board3d").evaluate(SIGNATURES)
    assert len(set(signatures.values())) == len(signatures), signatures
    # Each piece on the board is drawn as its own kind's model (the descriptor's picture name).
    images = {p["letter"].lower(): p["image"] for p in json.loads(page.locator("#variant-descriptor").text_content())["pieces"]}
    drawn = json.loads(page.locator(".cube-canvas").get_attribute("data-pieces"))
    if variant == "raumschach":
        expected = {"Aa1": "rook", "Ab1": "knight", "Ac1": "king", "Ba1": "bishop", "Bb1": "unicorn",
                    "Bc1": "queen", "Aa2": "pawn", "Ec5": "king", "Da5": "unicorn"}
        assert {cell: drawn[cell][0] for cell in expected} == expected
    assert {model for model, *_ in drawn.values()} <= set(images.values())


def head_in_view(pieces: dict, cells: dict) -> tuple[str, float, float]:
    """A White piece that can move at the start (the B level's pieces, the knights, the pawns)
    and a point on its head, 20-40% down its drawing, that no nearer piece's box covers and that
    is clear of every cell's centre."""
    movable = [c for c in pieces if c[0] == "B" or c in ("Ab1", "Ad1") or c[:1] == "A" and c[2] == "2"]
    for cell in sorted(movable, key=lambda c: (c[0] != "B", c)):
        _model, left, top, right, bottom, depth = pieces[cell]
        for share in (0.3, 0.2, 0.4):
            x, y = (left + right) / 2, top + (bottom - top) * share
            covered = any(other != cell and d < depth and l <= x <= r and t <= y <= b
                          for other, (_m, l, t, r, b, d) in pieces.items())
            # Clear of every cell's centre (a click right on a centre means that cell).
            clear = all(((cx - x) ** 2 + (cy - y) ** 2) ** 0.5 > 7 for cx, cy in cells.values())
            if not covered and clear:
                return cell, x, y
    raise AssertionError(f"no piece's head in view: {pieces}")


def cube_game(server_process, make_player, name: str):
    """White's page of a new game between two people, in 3D."""
    white, black = make_player(f"{name}-w"), make_player(f"{name}-b")
    arrange_game(server_process, white, black)
    open_cube(white.page)
    return white.page


def test_pointing_and_clicking_work_from_every_viewpoint(server_process, make_player):
    page = cube_game(server_process, make_player, "point")
    canvas = page.locator(".cube-canvas")
    cube = page.locator(".board3d")
    box = canvas.bounding_box()
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")
    for preset in PRESETS:
        show_preset(page, preset)
        # Hover: the mouse over an empty cell's centre marks it.
        x, y = json.loads(canvas.get_attribute("data-cells"))["Cc3"]
        page.mouse.move(box["x"] + x, box["y"] + y)
        expect(cube).to_have_attribute("data-hover", "Cc3")
        # A click on a piece's head, well above its cell's centre, selects it (a piece no other
        # piece's drawing covers there, among White's that can move at the start).
        cell, x, y = head_in_view(json.loads(canvas.get_attribute("data-pieces")),
                                  json.loads(canvas.get_attribute("data-cells")))
        page.mouse.click(box["x"] + x, box["y"] + y)
        expect(cube).to_have_attribute("data-selected", cell)
        page.keyboard.press("Escape")
        expect(cube).to_have_attribute("data-selected", "")
    page.mouse.move(box["x"] - 20, box["y"] - 20)
    expect(cube).to_have_attribute("data-hover", "")


def test_exploded_spreads_the_levels_and_is_remembered(server_process, make_player):
    page = cube_game(server_process, make_player, "spacing")
    canvas = page.locator(".cube-canvas")

    def gaps() -> list[float]:
        """The space on screen between each level's box and the next one's, as a share of the
        canvas height (the camera refits, so compare shares, not pixels)."""
        expect(page.locator(".board3d")).to_have_attribute("data-moving", "0")
        levels = json.loads(canvas.get_attribute("data-levels"))
        return [(lower[1] - upper[3]) / canvas.bounding_box()["height"] for lower, upper in zip(levels, levels[1:])]

    page.locator('[data-spacing="compact"]').click()
    show_preset(page, "side")
    compact = gaps()
    page.locator('[data-spacing="exploded"]').click()
    exploded = gaps()
    assert all(e > c for e, c in zip(exploded, compact)), (compact, exploded)
    page.reload()
    expect(page.locator(".board-root")).to_have_attribute("data-view", "3d")
    expect(page.locator('[data-spacing="exploded"]')).to_have_attribute("aria-pressed", "true")
