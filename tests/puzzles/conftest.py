from tests.site_fixtures import *  # noqa: F401,F403  (users, API clients)
