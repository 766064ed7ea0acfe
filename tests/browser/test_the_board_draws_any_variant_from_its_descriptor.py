"""The board script draws whatever the descriptor describes: Five Up's pieces (wizard, guard,
silver unicorn), each side's reserve, and the placement picker after a piece's first move, and
a test variant declared in one module — with no server rule involved. A bare page on the test server's origin loads the site's own
board modules with Five Up's descriptor and hands them legal moves as the server would; the
whole-game tests against the server's Five Up are in test_playing_five_up.py."""
import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ACTION_TIMEOUT_MS, ARTIFACTS
from tests.web.descriptors import FIVEUP_START, fiveup

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

HARNESS_PATH = "/__board-harness__/"
# White to move after 1.Bc2Cc2 Dc4Cc4 2.Bb1Be4/g Ed4Dd3: White's guard on Bb1, Black has
# placed nothing yet.
POSITION = ("rnknr/ppp1p/5/5/5|ubqub/pp1pp/3p1/5/5|5/2p2/5/2P2/5|5/4B/5/PP1PP/UGQUB|"
            "5/5/5/PPPPP/RNKNR w WSwgs Aa1,Ab1,Ac1,Ad1,Ae1,Ba1,Bb1,Bc1,Bd1,Be1,Da5,Db5,Dc5,Dd5,"
            "De5,Ea5,Eb5,Ec5,Ed5,Ee5 - 0 3")
LEGAL = ["Ab1Bb3", "Ab1Bb3/w", "Ab1Bb3/s", "Ab1De4", "Ab1De4/w", "Ab1De4/s", "Ab2Ab3",
         "Be4Ce5"]


def harness(descriptor: dict, state: dict, orientation: str = "white") -> str:
    return f"""<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/games/css/site.css"></head>
<body><main><div class="board-root"></div></main>
<script type="application/json" id="variant-descriptor">{json.dumps(descriptor)}</script>
<script type="module">
import {{ pageVariant }} from "/static/games/js/position.js";
import {{ BoardView }} from "/static/games/js/boardview.js";
const variant = pageVariant();
const urls = Object.fromEntries(variant.descriptor.pieces.map(
  (p) => [p.image, `/static/games/pieces/${{p.image}}.svg`]));
window.played = [];
window.view = new BoardView(document.querySelector(".board-root"), {{
  variant, pieceUrls: urls, orientation: {json.dumps(orientation)},
  onMove: (move) => window.played.push(move) }});
window.view.setPosition({json.dumps(state)});
document.body.dataset.ready = "yes";
</script></body></html>"""


def open_harness(make_player, server_url, descriptor, state, name, viewport=None):
    player = make_player(name, viewport)
    page = player.page
    page.route(f"{server_url}{HARNESS_PATH}", lambda route: route.fulfill(
        status=200, content_type="text/html", body=harness(descriptor, state)))
    page.goto(server_url + HARNESS_PATH)
    expect(page.locator("body")).to_have_attribute("data-ready", "yes", timeout=ACTION_TIMEOUT_MS)
    return player


def test_five_up_pieces_reserves_and_the_placement_picker(make_player, server_url):
    state = {"fen": POSITION, "legalMoves": LEGAL, "lastMove": "Ed4Dd3", "enabled": True}
    player = open_harness(make_player, server_url, fiveup(), state, "harness")
    page = player.page
    # The new pieces are drawn with their own pictures; the guard placed on Bb1 is White's.
    expect(player.cell("Bb1")).to_have_accessible_name("Bb1, white guard")
    expect(page.locator('.cell[data-name="Bb1"] img.piece.white')).to_have_attribute(
        "src", re.compile(r"guard\.svg$"))
    # Each side's reserve beside the board, from the position string's reserves field.
    expect(page.locator(".reserve-white .reserve-pieces")).to_have_attribute("data-kinds", "ws")
    expect(page.locator(".reserve-black .reserve-pieces")).to_have_attribute("data-kinds", "wgs")
    expect(page.locator(".reserve-white img")).to_have_count(2)
    page.screenshot(path=str(ARTIFACTS / "fiveup-harness-2d.png"), full_page=True)

    # The knight's first move: the picker offers no placement and the two pieces in hand.
    player.cell("Ab1").click()
    player.cell("Bb3").click()
    picker = page.locator("dialog.promotion-picker")
    expect(picker).to_be_visible()
    expect(picker).to_have_attribute("data-question", "placement")
    kinds = picker.locator(".promotion-choices button")
    expect(kinds).to_have_count(3)
    assert [b.get_attribute("data-kind") for b in kinds.all()] == ["none", "w", "s"]
    page.screenshot(path=str(ARTIFACTS / "fiveup-harness-placement-picker.png"))
    page.get_by_role("button", name="Place a silver unicorn").click()
    page.wait_for_function("() => window.played.length === 1")
    assert page.evaluate("window.played") == ["Ab1Bb3/s"]

    # "No placement" plays the bare move; a move with one choice plays at once.
    player.cell("Ab1").click()
    player.cell("De4").click()
    page.get_by_role("button", name="No placement").click()
    player.cell("Ab2").click()
    player.cell("Ab3").click()
    page.wait_for_function("() => window.played.length === 3")
    assert page.evaluate("window.played") == ["Ab1Bb3/s", "Ab1De4", "Ab2Ab3"]

    # Cancelling the picker plays nothing.
    player.cell("Ab1").click()
    player.cell("Bb3").click()
    page.get_by_role("button", name="Cancel").click()
    expect(picker).to_be_hidden()
    assert page.evaluate("window.played.length") == 3


def test_promotion_to_a_reserve_kind_is_offered(make_player, server_url):
    fen = ("5/P4/5/5/5|5/5/5/5/5|k4/5/5/5/5|5/5/5/5/5|5/5/5/5/K4 w - - - 0 40")
    legal = [f"Ea4Ea5{k}" for k in "qrbnuwgs"]
    state = {"fen": fen, "legalMoves": legal, "enabled": True}
    player = open_harness(make_player, server_url, fiveup(), state, "harness-promo")
    page = player.page
    expect(page.locator(".reserves")).to_be_visible()
    expect(page.locator(".reserve-white .reserve-pieces")).to_have_text("none")
    player.cell("Ea4").click()
    player.cell("Ea5").click()
    expect(page.locator("dialog.promotion-picker")).to_have_attribute("data-question", "promotion")
    expect(page.locator(".promotion-choices button")).to_have_count(8)
    page.get_by_role("button", name="Promote to wizard").click()
    page.wait_for_function("() => window.played.length === 1")
    assert page.evaluate("window.played") == ["Ea4Ea5w"]


def test_the_3d_view_draws_five_up_and_plays_a_placement(make_player, server_url):
    state = {"fen": FIVEUP_START, "legalMoves": ["Bb1Be4", "Bb1Be4/w", "Bb1Be4/g", "Bb1Be4/s"],
             "enabled": True}
    player = open_harness(make_player, server_url, fiveup(), state, "harness-3d")
    page = player.page
    page.get_by_role("button", name="Cube (3D)").click()
    canvas = page.locator(".cube-canvas")
    expect(canvas).to_have_attribute("data-cells", re.compile(r"\S+"))
    cells = json.loads(canvas.get_attribute("data-cells"))
    assert len(cells) == 125
    # The reserves stay in view above the cube.
    expect(page.locator(".reserve-white .reserve-pieces")).to_have_attribute("data-kinds", "wgs")
    x, y = cells["Bb1"]
    canvas.click(position={"x": x, "y": y})
    expect(page.locator(".board3d")).to_have_attribute("data-targets", "Be4")
    x, y = json.loads(canvas.get_attribute("data-cells"))["Be4"]
    canvas.click(position={"x": x, "y": y})
    page.screenshot(path=str(ARTIFACTS / "fiveup-harness-3d-picker.png"))
    page.get_by_role("button", name="Place a wizard").click()
    page.wait_for_function("() => window.played.length === 1")
    assert page.evaluate("window.played") == ["Bb1Be4/w"]


def test_on_a_phone_one_level_and_the_reserves_are_shown(make_player, server_url):
    state = {"fen": POSITION, "legalMoves": LEGAL, "lastMove": "Ed4Dd3", "enabled": True}
    player = open_harness(make_player, server_url, fiveup(), state, "harness-phone",
                          viewport={"width": 390, "height": 844})
    page = player.page
    expect(page.locator(".level.shown")).to_have_count(1)
    expect(page.locator(".level-strip")).to_be_visible()
    expect(page.locator(".reserve-black .reserve-pieces img")).to_have_count(3)
    page.get_by_role("button", name=re.compile(r"^Level A")).click()
    player.cell("Ab1").click()
    expect(page.get_by_role("button", name=re.compile(r"^Level B, 1 target"))).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "fiveup-harness-phone.png"), full_page=True)


def test_a_variant_declared_in_one_test_module_is_drawn_and_played(make_player, server_url):
    """Raumschach without unicorns (tests/engine/variant_without_unicorns.py): its descriptor
    through the site's adapter, its legal moves from the engine, and the board needs no edit."""
    import engine
    from games.web.variants import variant_descriptor
    from tests.engine import variant_without_unicorns  # noqa: F401  (registers it)

    variant = engine.variant_by_key("no-unicorns")
    position = engine.Position(variant.start_fen, variant)
    legal = sorted(position.coord(m) for m in position.legal_moves())
    state = {"fen": variant.start_fen, "legalMoves": legal, "enabled": True}
    player = open_harness(make_player, server_url, variant_descriptor("no-unicorns"), state,
                          "harness-nounicorns")
    page = player.page
    expect(player.cell("Ba1")).to_have_accessible_name("Ba1, white bishop")
    expect(player.cell("Bb1")).to_have_accessible_name("Bb1, empty")  # no unicorn in this game
    expect(player.cell("Db5")).to_have_accessible_name("Db5, black bishop")
    expect(page.locator(".reserves")).to_be_hidden()
    player.cell("Bc2").click()
    expect(page.locator(".cell.dest")).to_have_count(2)
    player.cell("Cc2").click()
    page.wait_for_function("() => window.played.length === 1")
    assert page.evaluate("window.played") == ["Bc2Cc2"]
