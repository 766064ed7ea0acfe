"""A puzzle of each of the four games solved on the training page (issue 41): on a 1366x900
laptop and on a 390x844 phone, by clicking the board (2D; Raumschach's also in the 3D cube):
the opponent's reply is played by the page, the last move solves it and the player's puzzle
rating changes; a hint marks the piece to move; a wrong move is a miss that shows the wanted
move; streak mode goes on after a solve and ends at the first miss; nothing scrolls sideways and no script error or CSP violation is logged."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS
from tests.browser.test_playing_in_the_3d_view import click_cell_3d, switch_to_3d
from tests.puzzles.lines import LINES

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
# Lines of plain cell moves (Star Trek's seed 2: its seed 1 ends in a board move).
SEEDS = {"raumschach": 1, "fiveup": 1, "hexraumschach": 1, "startrek": 2}


def make_puzzle(server_process, variant: str) -> str:
    return server_process.shell(
        "from tests.puzzles.lines import make_puzzle; "
        f"print(make_puzzle({variant!r}, seed={SEEDS[variant]}).public_id)")


def click_cell(player, name: str, phone: bool) -> None:
    if phone:  # one level at a time on a phone: its tab first
        tab = player.page.get_by_role("button", name=re.compile(rf"^Level {name[0]}\b"))
        if tab.count() and tab.first.is_visible():
            tab.first.click()
    player.cell(name).click()


def play(player, move: str, phone: bool) -> None:
    click_cell(player, move[:3], phone)
    click_cell(player, move[3:6], phone)


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("viewport", ["laptop", "phone"])
@pytest.mark.parametrize("variant", list(SEEDS))
def test_a_puzzle_is_solved(server_process, make_player, variant, viewport):
    phone = viewport == "phone"
    player = make_player(f"pz-{variant[:4]}", PHONE if phone else LAPTOP, touch=phone)
    player.sign_up()
    puzzle_id = make_puzzle(server_process, variant)
    line = LINES[(variant, SEEDS[variant])][1]
    player.goto(f"/training/{variant}/?puzzle={puzzle_id}")
    root = player.page.locator("#puzzle")
    expect(root).to_have_attribute("data-state", "playing")
    expect(root).to_have_attribute("data-puzzle", puzzle_id)
    fits(player.page)
    player.page.get_by_role("button", name="Hint").click()
    expect(root).to_have_attribute("data-hint", line[0][:3])
    click_cell(player, line[0][3:6], phone)  # the hint selected the piece: its target plays it
    expect(root).to_have_attribute("data-ply", "2")  # the reply came by itself
    play(player, line[2], phone)
    expect(root).to_have_attribute("data-state", "solved")
    expect(player.page.locator(".puzzle-result")).to_contain_text(re.compile(r"rating: \d+\?? \(\+\d+\)"))
    fits(player.page)
    player.page.screenshot(path=str(ARTIFACTS / f"puzzle-{variant}-{viewport}.png"), full_page=True)
    # The analysis board opens at the position shown.
    href = player.page.locator(".puzzle-analysis").get_attribute("href")
    assert href.startswith("/analysis/?variant=" + variant)


def test_a_wrong_move_is_a_miss_and_the_next_puzzle_follows(server_process, make_player):
    player = make_player("pz-miss")
    player.sign_up()
    first = make_puzzle(server_process, "fiveup")
    player.goto(f"/training/fiveup/?puzzle={first}")
    root = player.page.locator("#puzzle")
    expect(root).to_have_attribute("data-state", "playing")
    line = LINES[("fiveup", 1)][1]
    wrong = server_process.shell(
        "import engine; from tests.puzzles.lines import make_puzzle, other_move; "
        f"print(other_move(make_puzzle('fiveup'), 0))")
    assert wrong[:3] != line[0][:3] or wrong != line[0]
    play(player, wrong, False)
    expect(root).to_have_attribute("data-state", "failed")
    expect(player.page.locator(".puzzle-status")).to_contain_text(line[0])
    expect(player.page.locator(".puzzle-result")).to_contain_text("(-")
    player.page.get_by_role("button", name="View solution").click()
    expect(root).to_have_attribute("data-ply", "3")
    player.page.get_by_role("button", name="Next puzzle").click()
    expect(root).to_have_attribute("data-state", re.compile("playing|none"))


def test_a_puzzle_is_solved_in_the_3d_cube(server_process, make_player):
    player = make_player("pz-3d")
    player.sign_up()
    puzzle_id = make_puzzle(server_process, "raumschach")
    line = LINES[("raumschach", 1)][1]
    player.goto(f"/training/raumschach/?puzzle={puzzle_id}")
    root = player.page.locator("#puzzle")
    expect(root).to_have_attribute("data-state", "playing")
    switch_to_3d(player)
    for move, ply in ((line[0], "2"), (line[2], "3")):
        click_cell_3d(player, move[:3], False)
        click_cell_3d(player, move[3:6], False)
        expect(root).to_have_attribute("data-ply", ply)
    expect(root).to_have_attribute("data-state", "solved")


def test_streak_mode_goes_from_solve_to_solve_and_ends_at_the_first_miss(server_process, make_player):
    player = make_player("pz-streak")
    player.sign_up()
    for seed in (1, 2):  # two puzzles: the streak goes on to a second one
        server_process.shell(f"from tests.puzzles.lines import make_puzzle; make_puzzle('fiveup', seed={seed})")
    player.goto("/training/fiveup/")
    page = player.page
    root = page.locator("#puzzle")
    expect(root).to_have_attribute("data-state", "playing")
    page.get_by_role("checkbox", name=re.compile("Streak mode")).check()
    expect(root).to_have_attribute("data-state", "playing")
    first = root.get_attribute("data-puzzle")
    line = page.evaluate("window.puzzlePage.puzzle.solution")
    play(player, line[0], False)
    expect(root).to_have_attribute("data-ply", "2")
    play(player, line[2], False)
    expect(root).to_have_attribute("data-streak", "1")
    expect(root).not_to_have_attribute("data-puzzle", first)  # the next one came by itself
    expect(root).to_have_attribute("data-state", "playing")
    assert page.get_by_role("button", name="Hint").is_disabled()
    wrong = page.evaluate("""() => { const p = window.puzzlePage;
        return p.node.legal_moves.find((m) => m !== p.puzzle.solution[0] && /^[A-E][a-e][1-5][A-E][a-e][1-5]$/.test(m)); }""")
    play(player, wrong, False)
    expect(root).to_have_attribute("data-state", "failed")
    expect(root).to_have_attribute("data-streak", "0")
    expect(page.locator(".puzzle-result")).to_contain_text("Streak over: 1 solved in a row.")
    expect(page.locator(".puzzle-streak-best")).to_have_text("1")
