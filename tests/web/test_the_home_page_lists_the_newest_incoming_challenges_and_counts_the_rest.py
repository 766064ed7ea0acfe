"""Fair share (issue 38): the home page listed every challenge waiting for the player (300
after a flood). It shows the newest HOME_INCOMING_CHALLENGES, says how many more are waiting
and links to a list of them all (`?incoming=all`, itself bounded)."""
import pytest

from games import services
from games.models import Challenge
from tests.site_fixtures import make_user
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db
SHOWN = 3


@pytest.fixture(autouse=True)
def bounds(settings):
    settings.HOME_INCOMING_CHALLENGES = SHOWN
    settings.MAX_INCOMING_CHALLENGES = 100


def challenges_to(user, count: int) -> list[Challenge]:
    return [services.challenge_create(challenger=make_user(f"fan{i}"), opponent=user,
                                      color="white", days_per_move=3) for i in range(count)]


def listed(page: str, challenges: list[Challenge]) -> list[Challenge]:
    return [c for c in challenges if f'data-challenge="{c.pk}"' in page]


def test_the_newest_are_shown_and_the_rest_counted(bob):
    waiting = challenges_to(bob, SHOWN + 4)
    page = logged_in(bob).get("/").content.decode()
    assert listed(page, waiting) == waiting[-SHOWN:]
    assert "4 more challenges are waiting." in page
    assert 'href="?incoming=all#incoming-heading"' in page


def test_the_link_lists_them_all(bob):
    waiting = challenges_to(bob, SHOWN + 4)
    page = logged_in(bob).get("/", {"incoming": "all"}).content.decode()
    assert listed(page, waiting) == waiting
    assert "more challenge" not in page


def test_a_few_are_listed_without_a_count(bob):
    waiting = challenges_to(bob, SHOWN)
    page = logged_in(bob).get("/").content.decode()
    assert listed(page, waiting) == waiting
    assert 'id="incoming-more"' not in page
