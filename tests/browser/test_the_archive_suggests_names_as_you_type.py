"""In the archive, typing the start of a name into the player filter offers the names that
start so (the field's datalist), and filtering by that start finds the one player it names."""
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_the_start_of_a_name_is_suggested_and_found(make_player):
    player = make_player("suggest")
    player.sign_up()
    prefix = player.username[:-2]  # "suggest-ab12" of "suggest-ab12cd": one player starts so
    player.goto("/archive/")
    player.page.get_by_label("Player").press_sequentially(prefix.upper())
    expect(player.page.locator(f'#name-suggestions option[value="{player.username}"]')).to_have_count(1)
    player.page.get_by_role("button", name="Filter").click()
    expect(player.page.get_by_label("Player")).to_have_value(player.username)
    expect(player.page.get_by_text("No finished games match these filters.")).to_be_visible()
