"""A logged-out visitor watches a game live (issue 29 item 2: Bot TV said "Log in to follow
live" and "Bot is thinking…" forever): the moves arrive by themselves, and there is no chat."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]


def test_a_visitor_without_an_account_sees_the_moves_arrive(server_process, make_player):
    white, black, visitor = make_player("tv-w"), make_player("tv-b"), make_player("tv-visitor")
    game_id = arrange_game(server_process, white, black)
    visitor.goto(f"/games/{game_id}/")
    expect(visitor.page.locator(".conn-status")).to_have_text("Live")
    white.click_move("Bb2Cb2")
    expect(visitor.page.locator("#game")).to_have_attribute("data-ply", "1")
    expect(visitor.page.locator(".move-list")).to_contain_text("Bb2-Cb2")
    expect(visitor.page.locator(".chat-panel")).to_have_count(0)
    expect(visitor.page.get_by_label("Type a move")).to_be_hidden()


def test_a_spectators_actions_panel_says_what_watching_is_and_offers_a_next_step(
        server_process, make_player):
    # Issue 29 item 16: a spectator's Actions panel was mostly empty.
    white, black = make_player("sp-w"), make_player("sp-b")
    visitor, member = make_player("sp-visitor"), make_player("sp-member")
    game_id = arrange_game(server_process, white, black)
    visitor.goto(f"/games/{game_id}/")
    expect(visitor.page.get_by_text("You are watching: moves appear as they are played.")
           ).to_be_visible()
    expect(visitor.page.get_by_role("link", name="Sign up to play")).to_be_visible()
    member.sign_up()
    member.goto(f"/games/{game_id}/")
    challenge = member.page.get_by_role("link", name=f"Challenge {white.username}")
    expect(challenge).to_be_visible()
    challenge.click()
    expect(member.page.get_by_label("Username")).to_have_value(white.username)
    expect(white.page.get_by_text("You are watching")).to_have_count(0)
