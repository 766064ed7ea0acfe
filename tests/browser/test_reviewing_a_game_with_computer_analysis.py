"""The replay of a finished game: a player requests the computer analysis, watches its
progress, then sees the evaluation graph, the per-player summary and the annotated move list;
clicking the blunder draws the better move as an arrow on the levels (and as a tube in the
cube), and a click on the graph jumps to that ply."""
import json
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PASSWORD
from tests.browser.test_playing_in_the_3d_view import switch_to_3d

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

# White's queen (Ac3) can take the rook (Ae5); 1. QAc3-Ac5+?? hangs her, and the game goes on
# a few moves before White resigns.
QUEEN_FEN = "2k2/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|4r/5/2Q2/5/K4 w 0 1"
LINE = "Ac3Ac5 Ae5Ac5 Aa1Bb2 Ec5Dc4 Bb2Cc2 Ac5Cc5 Cc2Bb3 Cc5Cc3".split()
SCREENS = Path("/work/notes/screens")


def finished_game(server_process, prefix: str) -> str:
    return server_process.shell(
        "from django.contrib.auth.models import User; from games.models import Game; "
        "from games import services; "
        f"w = User.objects.create_user('{prefix}-w', password={PASSWORD!r}); "
        f"b = User.objects.create_user('{prefix}-b', password={PASSWORD!r}); "
        f"g = Game.objects.create(white=w, black=b, start_fen={QUEEN_FEN!r}, fen={QUEEN_FEN!r}); "
        f"[services.game_play_move(game=Game.objects.get(pk=g.pk), user=(w, b)[i % 2], move=m, ply=i) "
        f" for i, m in enumerate({LINE!r})]; "
        "services.game_resign(game=Game.objects.get(pk=g.pk), user=w); print(g.public_id)")


def keep(player, name: str) -> None:
    """A screenshot in test-artifacts/, copied to the notes when that folder exists."""
    path = player.screenshot(name)
    if SCREENS.is_dir():
        shutil.copy(path, SCREENS / name)


def test_request_watch_and_read_the_analysis(server_process, make_player):
    player = make_player("anr")
    game_id = finished_game(server_process, player.username)
    player.username = f"{player.username}-w"
    player.log_in()
    player.goto(f"/games/{game_id}/replay/#ply=0")
    page = player.page
    # The analysis events the page's game socket receives (the progress is pushed, not polled).
    frames: list[dict] = []
    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda payload: frames.append(json.loads(payload))
        if '"analysis"' in str(payload) else None))
    panel = page.locator(".analysis-panel")
    expect(panel).to_have_attribute("data-status", "none")

    page.get_by_role("button", name="Request computer analysis").click()
    # The progress shows while it runs ("Analysis queued… 0/9", "Analysing… 4/9").
    expect(panel.locator(".analysis-status")).to_have_text(
        re.compile(r"(Analysis queued|Analysing)… \d+/9"))
    keep(player, "analysis-review-progress.png")
    expect(panel).to_have_attribute("data-status", "done", timeout=120_000)
    expect(page.get_by_role("button", name="Request computer analysis")).to_be_hidden()
    pushed = [(f["status"], f["progress"], f["total"]) for f in frames if f["type"] == "analysis"]
    assert ("running", 9, 9) in pushed or ("done", 9, 9) in pushed, pushed

    graph = panel.locator("svg.eval-graph")
    expect(graph).to_be_visible()
    expect(graph.locator("circle.mark-blunder")).to_have_count(1)
    expect(panel.locator('.analysis-summary tr[data-kind="blunder"] td').first).to_have_text("1")
    expect(panel.locator('.analysis-summary tr[data-kind="accuracy"] td').first).to_have_text(
        re.compile(r"^\d+%$"))

    blunder = page.locator(".move-list .mv.judged-blunder")
    expect(blunder).to_have_count(1)
    expect(blunder).to_contain_text("??")
    expect(blunder.locator(".better")).to_have_text("(QAc3xAe5)")
    keep(player, "analysis-review-done.png")

    # The blunder: the better move is drawn (2D arrow from Ac3 to Ae5) and named.
    blunder.click()
    replay = page.locator("#replay")
    expect(replay).to_have_attribute("data-ply", "1")
    board = page.locator(".board")
    expect(board).to_have_attribute("data-arrow", "Ac3Ae5")
    expect(page.locator(".arrow-layer line")).to_have_attribute("visibility", "visible")
    expect(page.locator(".arrow-layer line")).to_have_class(re.compile(r"\barrow-better\b"))
    expect(player.cell("Ac3")).to_have_class(re.compile(r"\barrow-from\b"))
    expect(player.cell("Ae5")).to_have_class(re.compile(r"\barrow-to\b"))
    expect(panel.locator(".analysis-note")).to_contain_text("Better was QAc3xAe5")
    keep(player, "analysis-review-blunder-2d.png")

    # A click on the graph's last column jumps to the last ply.
    box = graph.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    expect(replay).to_have_attribute("data-ply", str(len(LINE)))

    # In the cube the better move is a tube.
    blunder.click()
    switch_to_3d(player)
    expect(page.locator(".board3d")).to_have_attribute("data-arrow", "Ac3Ae5")
    keep(player, "analysis-review-blunder-3d.png")
