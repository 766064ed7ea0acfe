"""A built-in bot's description is the one of the level table the server's core uses (native
levels search deeper than the pure-Python fallback's), on the API and on the new-game page;
an external bot keeps its owner's words."""
import pytest

from bots.models import Bot
from engine.search import LEVELS
from games.web.selectors import bots_available

pytestmark = pytest.mark.django_db


def test_the_api_and_the_new_game_page_describe_each_level_as_the_core_plays_it(client):
    Bot.objects.filter(level=3).update(description="Searches four plies (an old text).")
    listed = {bot["level"]: bot["description"] for bot in client.get("/api/v1/bots/").json()}
    assert listed == {level: LEVELS[level].description for level in listed}
    assert len(listed) == 6
    page = {bot["level"]: bot["description"] for bot in bots_available() if not bot["external"]}
    assert page == listed
    assert "an old text" not in str(listed)
