"""The new-game form describes each bot as it plays the game chosen on the form: Hard looks six
plies ahead in Raumschach and five in Five Up (its level table per variant), and the text
follows the variant radio without a reload."""
import re

import pytest
from engine.search.levels import core_for, levels_for
from engine.variants import variant_by_key
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def hard_description(key: str) -> str:
    variant = variant_by_key(key)
    return levels_for(core_for(variant), variant)[3].description


def text_for(card, key: str):
    """The card's description for game `key` (another game's text may be the same words)."""
    return card.locator(f'.bot-description[data-variant="{key}"]')


def test_the_hard_bots_text_follows_the_chosen_game(make_player):
    player = make_player("bot-reader")
    player.sign_up()
    player.goto("/new/")
    page = player.page
    page.get_by_label("A bot").check()
    # (Expert's card says "hard to beat": the Hard card is the one whose text starts so.)
    hard = page.locator("label.bot-card", has_text=re.compile(r"^\s*Hard\b"))
    expect(text_for(hard, "raumschach")).to_be_visible()
    expect(text_for(hard, "raumschach")).to_have_text(hard_description("raumschach"))
    expect(text_for(hard, "fiveup")).to_be_hidden()
    page.get_by_label("Five Up").check()
    expect(text_for(hard, "fiveup")).to_be_visible()
    expect(text_for(hard, "fiveup")).to_have_text(hard_description("fiveup"))
    expect(text_for(hard, "raumschach")).to_be_hidden()
    page.locator('input[name="variant"][value="raumschach"]').check()
    expect(text_for(hard, "raumschach")).to_be_visible()
    expect(text_for(hard, "raumschach")).to_have_text(hard_description("raumschach"))
