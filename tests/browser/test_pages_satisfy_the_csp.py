"""Every page works under the site's Content-Security-Policy (no inline scripts or styles):
Chromium reports no violation (the make_player fixture fails the test on any), and the pages
that depend on scripts still run them."""
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGES = ["/", "/signup/", "/login/", "/archive/", "/new/", "/profile/", "/leaderboard/",
         "/admin/login/", "/mail/settings/", "/password/reset/"]


def test_the_pages_load_without_a_csp_violation(make_player):
    player = make_player("csp")
    player.sign_up()
    for path in PAGES:
        response = player.page.goto(player.base + path)
        assert "script-src 'self'" in response.headers["content-security-policy"], path
        player.page.wait_for_load_state("networkidle")
    # The new-game form's script (a file now, formerly inline) still switches the fieldsets.
    player.goto("/new/")
    bot_choice = player.page.locator('input[name="opponent_kind"][value="bot"]')
    if bot_choice.count():
        bot_choice.check()
        expect(player.page.locator('fieldset[data-kind="bot"]')).to_be_visible()


def test_the_api_docs_render_under_the_csp(make_player):
    player = make_player("docs")
    player.goto("/api/docs/")
    expect(player.page.locator(".swagger-ui .info .title")).to_contain_text("Raumschach")
