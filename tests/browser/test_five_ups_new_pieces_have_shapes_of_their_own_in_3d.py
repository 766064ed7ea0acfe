"""Five Up's wizard, guard and silver unicorn are told apart from every other piece in the 3D
view at its default zoom (issue 39: the wizard's small hat read as a bishop, the guard's helmet
as a pawn, the silver unicorn's two short horns as the unicorn's one). Measured on the models as
drawn: each model's outline seen broadside (pieces turn to face the camera), as the width it
reaches at each height, must differ from every other kind's by a share of a cell a player sees
(the test failed on the old models). Screenshot: test-artifacts/fiveup-pieces-3d.png."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

# All of Five Up's kinds on level C, both colours (the reserve already placed).
FEN = ("rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/wgsqu/5/WGSQU/5|5/5/5/PPPPP/UBQUB|5/5/5/PPPPP/RNKNR "
       "w - - - 0 1")
NEW = ("wizard", "guard", "silver-unicorn")
BANDS = 24  # heights the outline is read at, over the tallest model
# The least mean difference of two outlines (scene units, a cell is 1): ~2 px of a ~40 px piece
# at a laptop's default zoom, over the whole height.
LEAST_DIFFERENCE = 0.05

# Each model's outline as the camera sees it broadside: per height band, the leftmost and
# rightmost reach of its vertices (x; the models' horses face +x, turned to the camera).
OUTLINES = """(root, bands) => {
  const view = root.board3d;
  const out = {};
  let top = 0;
  const models = {};
  for (const kind of view.variant.pieces.keys()) {
    const g = view.pieces.geometry(kind);
    g.computeBoundingBox();
    top = Math.max(top, g.boundingBox.max.y);
    models[view.pieces.modelName(kind)] = g;
  }
  for (const [name, g] of Object.entries(models)) {
    const p = g.attributes.position;
    const reach = Array.from({ length: bands }, () => [0, 0]);
    for (let i = 0; i < p.count; i += 1) {
      const band = Math.min(bands - 1, Math.floor(p.getY(i) / top * bands));
      reach[band][0] = Math.min(reach[band][0], p.getX(i));
      reach[band][1] = Math.max(reach[band][1], p.getX(i));
    }
    out[name] = reach;
  }
  return out;
}"""


def difference(a: list, b: list) -> float:
    return sum(abs(x[0] - y[0]) + abs(x[1] - y[1]) for x, y in zip(a, b)) / len(a)


def test_the_wizard_guard_and_silver_unicorn_each_have_an_outline_of_their_own(server_process, make_player):
    white, black = make_player("five-shapes"), make_player("five-shapes-b")
    arrange_game(server_process, white, black, fen=FEN, variant="fiveup")
    page = white.page
    page.locator('.view-switch [data-view="3d"]').click()
    expect(page.locator(".cube-canvas")).to_have_attribute("data-pieces", re.compile(r"wizard"))
    expect(page.locator(".board3d")).to_have_attribute("data-moving", "0")
    page.locator(".board3d .stage").screenshot(path=str(ARTIFACTS / "fiveup-pieces-3d.png"))
    outlines = page.locator(".board3d").evaluate(OUTLINES, BANDS)
    assert set(NEW) <= set(outlines), sorted(outlines)
    closest = {new: min((difference(outlines[new], outlines[other]), other)
                        for other in outlines if other != new) for new in NEW}
    for new, (apart, other) in closest.items():
        assert apart >= LEAST_DIFFERENCE, (new, other, round(apart, 3), closest)
