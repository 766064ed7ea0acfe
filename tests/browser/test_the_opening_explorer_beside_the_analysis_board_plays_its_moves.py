"""The opening explorer's panel on the analysis board, in a real Chromium: after games between
people (and one against a bot) have finished on the server, the panel lists the moves played
from the board's position with their counts and a White / draw / Black bar; clicking a move
plays it on the board and the panel follows; Players / Bots switches whose games; the same on
a phone's screen, where nothing scrolls sideways. The counts shown are the endpoint's."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PASSWORD

pytestmark = [pytest.mark.browser]
NOTES = Path("/work/notes/screens")
PHONE = {"width": 390, "height": 844}

# (moves, how it ends): the side to move resigns, or a draw is agreed. Bots: an external bot
# (its owner's program would move; nothing moves for it here) plays Black.
GAMES = [(("Bc2Bc3", "Dc4Dc3"), "resign"), (("Bc2Bc3", "Da4Da3"), "draw"),
         (("Bc2Bc3", "Dc4Dc3", "Bb2Bb3"), "resign"), (("Ba2Ba3", "Dc4Dc3"), "resign")]
BOT_GAME = ("Bc2Bc3", "Db4Db3")


def _arrange(server_process, tag: str) -> None:
    server_process.shell(
        "from django.contrib.auth.models import User; from bots.models import Bot; "
        "from games import services; from games.models import Game\n"
        f"w = User.objects.create_user('w{tag}', password={PASSWORD!r}); "
        f"b = User.objects.create_user('b{tag}', password={PASSWORD!r}); "
        f"bot = User.objects.create_user('bot{tag}', password={PASSWORD!r}); "
        f"Bot.objects.create(user=bot, external=True, name='bot{tag}', description='test')\n"
        "def played(white, black, moves, end):\n"
        "    g = Game.objects.create(white=white, black=black)\n"
        "    for ply, move in enumerate(moves):\n"
        "        g.refresh_from_db(); services.game_play_move(game=g, user=(white, black)[ply % 2], move=move, ply=ply)\n"
        "    g.refresh_from_db(); mover, other = (white, black) if g.turn == 'white' else (black, white)\n"
        "    if end == 'draw':\n"
        "        services.game_draw(game=g, user=mover, action='offer'); services.game_draw(game=g, user=other, action='accept')\n"
        "    else:\n"
        "        services.game_resign(game=g, user=mover)\n"
        f"for moves, end in {GAMES!r}: played(w, b, moves, end)\n"
        f"played(w, bot, {BOT_GAME!r}, 'resign')\n"
        "print('ok')")


def _api(page, fen: str, source: str = "players") -> dict:
    return page.evaluate(
        "async ([fen, source]) => (await fetch(`/api/v1/explorer/?${new URLSearchParams({fen, source})}`)).json()",
        [fen, source])


def _shown(page) -> None:
    """Wait until the panel shows the board's position (its answer for the current source)."""
    page.wait_for_function(
        "() => { const box = document.querySelector('.explorer-panel');"
        " return box.dataset.shown === `${box.querySelector('[aria-pressed=true]').dataset.source} `"
        " + document.querySelector('.fen-input').value; }")


def _rows(page) -> dict[str, int]:
    rows = page.locator(".explorer-moves tbody tr")
    return {rows.nth(i).locator(".explorer-move").get_attribute("data-move"):
            int(rows.nth(i).locator(".explorer-count").inner_text().replace(",", ""))
            for i in range(rows.count())}


def _shot(player, name: str) -> None:
    path = player.screenshot(f"explorer-{name}.png")
    if NOTES.is_dir():
        shutil.copy(path, NOTES / path.name)


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["laptop", "phone"])
def test_clicking_through_the_explorer_on_the_analysis_board(make_player, server_process, viewport):
    tag = "L" if viewport is None else "P"
    _arrange(server_process, tag)
    player = make_player("explorer", viewport=viewport, touch=viewport is not None)
    page = player.page
    player.goto("/analysis/")
    expect(page.get_by_role("heading", name="Opening explorer")).to_be_visible()
    _shown(page)
    start_fen = page.locator(".fen-input").input_value()
    answer = _api(page, start_fen)
    # The panel shows the endpoint's counts (other tests' games may add to them), ours among them.
    assert _rows(page) == {m["move"]: m["games"] for m in answer["moves"]}
    assert _rows(page)["Bc2Bc3"] >= 3 and _rows(page)["Ba2Ba3"] >= 1
    bar = page.locator('.explorer-move[data-move="Bc2Bc3"]').locator("xpath=ancestor::tr").locator(".explorer-bar")
    label = bar.get_attribute("aria-label")  # e.g. "White wins 60%, Draws 20%, Black wins 20%"
    shares = [int(part.rsplit(" ", 1)[1].rstrip("%")) for part in label.split(", ")]
    assert label.startswith("White wins") and sum(shares) == 100 and shares[0] > 0 and shares[1] > 0, label
    _shot(player, f"start-{tag}")

    # A click on a move plays it on the board; the panel follows to the new position.
    page.locator('.explorer-move[data-move="Bc2Bc3"]').click()
    expect(page.locator("#analysis")).to_have_attribute("data-ply", "1")
    expect(page.locator(".move-tree")).to_contain_text("1. Bc2-Bc3")
    _shown(page)
    after = _rows(page)
    assert after["Dc4Dc3"] >= 2 and after["Da4Da3"] >= 1 and "Db4Db3" not in after
    page.locator('.explorer-move[data-move="Dc4Dc3"]').click()
    expect(page.locator("#analysis")).to_have_attribute("data-ply", "2")
    _shown(page)
    assert _rows(page)["Bb2Bb3"] >= 1

    # Back one move, and the bots' games: only the game against the bot went Db4-Db3.
    page.get_by_role("button", name="Back one move").click()
    expect(page.locator("#analysis")).to_have_attribute("data-ply", "1")
    page.get_by_role("button", name="Bots", exact=True).click()
    expect(page.get_by_role("button", name="Bots", exact=True)).to_have_attribute("aria-pressed", "true")
    _shown(page)
    bots = _rows(page)
    assert bots.get("Db4Db3", 0) >= 1 and bots == {
        m["move"]: m["games"] for m in _api(page, page.locator(".fen-input").input_value(), "bots")["moves"]}
    _shot(player, f"bots-{tag}")
    page.locator('.explorer-move[data-move="Db4Db3"]').click()
    expect(page.locator("#analysis")).to_have_attribute("data-ply", "2")
    expect(page.locator(".move-tree .variation")).to_contain_text("Db4-Db3")

    # A position no counted game reached: said so, no rows.
    page.get_by_role("button", name="Players", exact=True).click()
    _shown(page)
    expect(page.locator(".explorer-status")).to_have_text("No counted game reached this position.")
    assert page.locator(".explorer-moves tbody tr").count() == 0
    # Nothing scrolls the page sideways.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_board_with_other_rules_says_the_explorer_holds_none(make_player):
    """Five Up with castling on: the explorer counts games of the usual rules only, and says so
    instead of showing the usual rules' moves."""
    player = make_player("explorer-rules")
    player.goto('/analysis/?variant=fiveup&options={"castling":true}')
    page = player.page
    expect(page.locator("h1")).to_contain_text("Five Up")
    expect(page.locator(".explorer-status")).to_have_text(
        "The explorer counts games played by the usual rules only.")
    assert page.locator(".explorer-moves tbody tr").count() == 0
    # The usual rules: read (other tests on this server may have finished Five Up games).
    player.goto("/analysis/?variant=fiveup")
    _shown(page)
    answer = page.evaluate(
        "async (fen) => (await fetch(`/api/v1/explorer/?${new URLSearchParams({variant: 'fiveup', fen})}`)).json()",
        page.locator(".fen-input").input_value())
    assert _rows(page) == {m["move"]: m["games"] for m in answer["moves"]}
    if not answer["games"]:
        expect(page.locator(".explorer-status")).to_have_text("No counted game reached this position.")
