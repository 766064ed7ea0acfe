"""With German chosen (Django's language cookie), what the pages' scripts write reads German
(issue 45: the djangojs catalogue, /jsi18n/): on a live game, the status line, the board's
spoken selection with its plural, a level's target count and the view buttons; on the rules
page, the piece demo's sentence (counted moves, the piece's name keeps its capital). Here, in
tests/browser, to share the one server the browser scenarios start."""
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def german(player) -> None:
    player.context.add_cookies([{"name": "django_language", "value": "de", "url": player.base}])


def test_a_live_game_speaks_german_from_its_scripts(make_player, server_process):
    white, black = make_player("weiss"), make_player("schwarz")
    arrange_game(server_process, white, black)
    german(white)
    white.page.reload()
    page = white.page
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".conn-status")).to_have_text("Live")
    expect(page.locator("strong.status-line")).to_have_text("Du bist am Zug.")
    expect(page.get_by_role("button", name="Ebenen (2D)")).to_be_visible()

    # Selecting a pawn: the live region says it in German, its two targets (one up, one ahead)
    # in the plural, each level's one target in the singular.
    expect(page.locator("#game")).to_have_attribute("data-ready", "true")
    white.cell("Bb2").click()
    spoken = page.locator("p.visually-hidden[aria-live='polite']").first
    expect(spoken).to_have_text(re.compile(r"^Bb2, .+ \(Weiß\) gewählt; 2 Zielfelder: "))
    expect(page.locator(".level-targets").filter(has_text="Ziel")).to_have_text([" · 1 Ziel", " · 1 Ziel"])

    white.cell("Bb3").click()
    expect(page.locator("strong.status-line")).to_have_text(f"Schwarz ({black.username}) ist am Zug.")
    # The other player, without the cookie, reads English as before.
    expect(black.page.locator("strong.status-line")).to_have_text("Your turn.")


def test_the_rules_demo_says_its_sentence_in_german(make_player):
    player = make_player("regeln")
    german(player)
    player.goto("/rules/raumschach/")
    summary = player.page.locator("#piece-demo .demo-summary")
    # The piece's name is the page's button (the server's word); the script keeps its capital.
    expect(summary).to_have_text(re.compile(
        r"^[A-ZÄÖÜ]\w* \(Weiß\) auf Cc3: 16 Züge; die angegriffenen Felder sind dieselben\.$"))
