"""The opponent's move makes a quiet sound (WebAudio: no file, nothing for the CSP); "Move
sound: off" silences it, and the choice is remembered across page loads. Tones are counted by
wrapping the page's AudioContext before any page script runs."""
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import arrange_game

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

COUNT_TONES = """
(() => {
  const Real = window.AudioContext;
  if (!Real) return;
  window.__tones = 0;
  window.AudioContext = class extends Real {
    createOscillator() {
      window.__tones += 1;
      return super.createOscillator();
    }
  };
})();
"""


def tones(player) -> int:
    return player.page.evaluate("window.__tones")


def test_a_move_sounds_until_the_sound_is_turned_off(make_player, server_process):
    white, black = make_player("white"), make_player("black")
    black.context.add_init_script(COUNT_TONES)
    arrange_game(server_process, white, black)

    white.click_move("Bb2Bb3")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "1")
    black.page.wait_for_function("() => window.__tones > 0")

    toggle = black.page.get_by_role("button", name="Move sound: on")
    toggle.click()
    expect(black.page.get_by_role("button", name="Move sound: off")).to_be_visible()
    black.page.reload()  # the choice outlives the page
    expect(black.page.locator(".conn-status")).to_have_text("Live")
    expect(black.page.get_by_role("button", name="Move sound: off")).to_be_visible()
    black.click_move("Db4Db3")
    expect(white.page.locator("#game")).to_have_attribute("data-ply", "2")
    white.click_move("Bc2Bc3")
    expect(black.page.locator("#game")).to_have_attribute("data-ply", "3")
    assert tones(black) == 0  # counted since the reload: silence
