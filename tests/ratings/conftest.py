"""Site fixtures, the bot accounts (bots are rated in the same pool), and rated-game helpers."""
from tests.bots.conftest import *  # noqa: F401,F403
from tests.site_fixtures import *  # noqa: F401,F403
