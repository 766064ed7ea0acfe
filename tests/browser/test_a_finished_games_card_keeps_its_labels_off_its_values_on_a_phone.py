"""On a 390x844 phone the finished-games lists (a profile's, the home page's "Recently
finished", the archive's) are cards, each value after its label; a label never runs over its
value (issue 39's audit: "<name> played", nowrap from the narrow tables' rule, ran over
"White" on the profile's cards; a long name must wrap inside its label column too)."""
import pytest

from tests.browser.conftest import ARTIFACTS, PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.live_server_process]

PHONE = {"width": 390, "height": 844}

# Each label (the cell's ::before) laid out again as a real box of the same width, font and
# wrapping (clipped, so that scrollWidth measures its content): its content is wider than the
# box when the label runs over its value.
OVERRUNS = """() => [...document.querySelectorAll("table.cards-on-phone td[data-label]")]
    .flatMap(td => {
  const style = getComputedStyle(td, "::before");
  const probe = document.createElement("span");
  probe.textContent = td.dataset.label;
  for (const name of ["display", "width", "font", "white-space", "overflow-wrap", "word-break",
                      "letter-spacing", "padding-right", "box-sizing"]) {
    probe.style.setProperty(name, style.getPropertyValue(name));
  }
  probe.style.overflow = "hidden";  // a scroll container: scrollWidth is its content's width
  td.appendChild(probe);
  const over = probe.scrollWidth > probe.clientWidth + 1;
  probe.remove();
  return over ? [td.dataset.label] : [];
})"""


def test_no_label_runs_over_its_value(make_player, server_process):
    player = make_player("a-rather-long-player-name", viewport=PHONE, touch=True)
    server_process.shell(
        "from django.contrib.auth.models import User; from games.services import challenges, play; "
        f"me = User.objects.create_user({player.username!r}, password={PASSWORD!r}); "
        "other = User.objects.create_user(me.username + '-o', password='x-long-Passphrase-7'); "
        "game = challenges.challenge_accept(challenge=challenges.challenge_create(challenger=me, "
        "opponent=other, color='white', days_per_move=None), user=other); "
        "play.game_resign(game=game, user=other)")
    player.log_in()
    other = player.username + "-o"  # another's page: the label is "<their name> played"
    for path in (f"/players/{other}/", f"/players/{player.username}/", "/",
                 f"/archive/?player={other}"):
        player.goto(path)
        page = player.page
        assert page.locator("table.cards-on-phone td[data-label]").count() >= 5, path
        overruns = page.evaluate(OVERRUNS)
        if overruns:
            page.screenshot(path=str(ARTIFACTS / "card-labels-overrun.png"), full_page=True)
        assert not overruns, (path, overruns)
