"""On a 390×844 phone the 2D board shows one level large with a strip of levels A–E (with the
selected piece's target counts) to switch: a level-changing move is played without scrolling,
the status line stays in view, and the archive's rows are cards with the Replay link on screen.
On a laptop the levels with targets are marked, and a check is drawn across levels."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}


def in_viewport(locator) -> bool:
    box = locator.bounding_box()
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= PHONE["width"]
            and box["y"] + box["height"] <= PHONE["height"])


def test_a_level_changing_move_is_played_on_a_phone_without_scrolling(server_process,
                                                                    make_player):
    white, black = make_player("ph-w", viewport=PHONE), make_player("ph-b")
    arrange_game(server_process, white, black)
    page = white.page
    # One level large: White starts on level B, where the pawns are.
    expect(page.get_by_role("group", name="Level B")).to_be_visible()
    expect(page.get_by_role("group", name="Level C")).to_be_hidden()
    assert white.cell("Bc2").bounding_box()["width"] >= 60  # a large touch target

    white.cell("Bc2").click()
    # The strip says where the targets are: one on B (Bc3), one on C (Cc2).
    expect(page.get_by_role("button", name="Level C, 1 target")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "phone-2d-selected.png"))
    page.get_by_role("button", name="Level C, 1 target").click()
    expect(page.get_by_role("group", name="Level C")).to_be_visible()
    target = white.cell("Cc2")
    expect(target).to_have_class(re.compile(r"\bdest\b"))
    assert in_viewport(target)
    target.click()
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")
    assert page.evaluate("window.scrollY") == 0  # nothing needed scrolling
    assert in_viewport(page.locator(".status-line").first)
    expect(page.locator(".status-line").first).to_contain_text("to move")
    page.screenshot(path=str(ARTIFACTS / "phone-2d-played.png"))

    # All levels stacked on demand, E on top, each inside the screen's width.
    page.get_by_role("button", name="All levels, stacked").click()
    tops = [page.get_by_role("group", name=f"Level {lv}").bounding_box()["y"] for lv in "EDCBA"]
    assert tops == sorted(tops), tops


def test_the_status_line_stays_in_view_when_the_page_scrolls(server_process, make_player):
    white, black = make_player("phs-w", viewport=PHONE), make_player("phs-b")
    arrange_game(server_process, white, black)
    white.page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    expect(white.page.locator(".status-line").first).to_be_in_viewport()


def test_archive_rows_are_cards_with_the_replay_link_on_screen(server_process, make_player):
    white, black = make_player("pha-w", viewport=PHONE), make_player("pha-b")
    game_id = arrange_game(server_process, white, black)
    white.page.once("dialog", lambda dialog: dialog.accept())
    white.page.get_by_role("button", name="Resign").click()
    expect(white.page.locator("#game")).to_have_attribute("data-status", "finished")
    white.goto(f"/archive/?player={white.username}")
    replay = white.page.locator(f'tr[data-game="{game_id}"] a', has_text="Replay")
    box = replay.bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"]
    overflow = white.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    white.page.screenshot(path=str(ARTIFACTS / "phone-archive.png"))


def test_on_a_laptop_levels_with_targets_and_the_check_line_are_marked(server_process,
                                                                     make_player):
    white, black = make_player("lap-w"), make_player("lap-b")
    arrange_game(server_process, white, black)
    white.cell("Bc2").click()
    expect(white.page.locator('.level[data-level="C"]')).to_have_class(re.compile(r"has-targets"))
    expect(white.page.locator('.level[data-level="C"] .level-targets')).to_have_text(" · 1 target")
    expect(white.page.locator('.level[data-level="D"]')).not_to_have_class(re.compile(r"has-targets"))

    # White's king on Aa1 in check from the bishop on Ca3: the line runs through Ba2.
    fen = "k4/5/5/5/5|5/5/5/5/5|5/5/b4/5/5|5/5/5/5/5|5/5/5/5/K4 w 0 1"
    checked, other = make_player("lapc-w"), make_player("lapc-b")
    arrange_game(server_process, checked, other, fen=fen)
    expect(checked.cell("Ca3")).to_have_class(re.compile(r"\bchecker\b"))
    expect(checked.cell("Ba2")).to_have_class(re.compile(r"\bcheck-path\b"))
    expect(checked.cell("Aa1")).to_have_class(re.compile(r"\bcheck\b"))
    checked.page.screenshot(path=str(ARTIFACTS / "laptop-2d-check.png"))
