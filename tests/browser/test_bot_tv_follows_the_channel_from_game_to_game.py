"""Bot TV in a browser: /tv/ opens the showcase game on now at its current position (the ply
the server has, not move 0) and, when that game ends, the page goes on by itself to the
channel's next game, in the next of the four games."""
import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

ORDER = ["raumschach", "fiveup", "hexraumschach", "startrek"]


def showcase(server_process) -> dict:
    """The running showcase game (the server starts it at start-up; started here if not)."""
    return json.loads(server_process.shell(
        "import json; from bots.showcase import showcase_ensure; "
        "g = showcase_ensure(); g.refresh_from_db(); "
        "print(json.dumps({'id': g.public_id, 'variant': g.variant}))"))


def state(base: str, game_id: str) -> dict:
    with urllib.request.urlopen(f"{base}/api/v1/games/{game_id}/", timeout=10) as response:
        return json.load(response)


def test_tv_shows_the_game_now_and_follows_to_the_next(make_player, server_process):
    on_now = showcase(server_process)
    viewer = make_player("tv")
    viewer.goto("/")  # the visitor's home page names the game on TV and links the channel
    expect(viewer.page.locator("#showcase")).to_contain_text("Bot TV")
    viewer.screenshot("landing-four-games.png")
    viewer.page.locator("#showcase").get_by_role("link").first.click()
    viewer.page.wait_for_url(re.compile(rf"/games/{on_now['id']}/\?tv=1$"))
    expect(viewer.page.locator(".conn-status")).to_have_text("Live")
    ply = int(viewer.page.locator("#game").get_attribute("data-ply"))
    assert ply >= state(viewer.base, on_now["id"])["ply"] - 1  # where the game is (a move may land meanwhile)
    viewer.screenshot("bot-tv-on-now.png")

    # The game on TV ends (a bot resigns): the page goes on to the next game by itself.
    server_process.shell(
        "from bots.showcase import showcase_game; from games import services; "
        "g = showcase_game(); services.game_resign(game=g, user=g.black)")
    if not server_process.env.get("REDIS_URL"):
        # The in-memory channel layer is the server process's own: an ending written by this
        # shell reaches no socket. A reload shows the ended game, which the page follows on
        # from as it does from a live ending.
        viewer.page.reload()
    # (Not waiting to see "finished": the shell may return after the page has moved on.)
    viewer.page.wait_for_url(re.compile(r"/games/(?!%s)[A-Za-z0-9]+/\?tv=1$" % on_now["id"]),
                             timeout=30_000)
    following = viewer.page.locator("#game").get_attribute("data-game")
    expected = ORDER[(ORDER.index(on_now["variant"]) + 1) % len(ORDER)]
    assert state(viewer.base, following)["variant"]["key"] == expected
    assert state(viewer.base, following)["status"] == "active"
