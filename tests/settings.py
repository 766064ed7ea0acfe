"""Settings for the test run: the site's own, with a random SECRET_KEY when none is set (the
site refuses to start without one unless DEBUG=1). Set in the environment, so the Daphne and
Celery processes the tests start inherit the same key."""
import os
import secrets

os.environ.setdefault("SECRET_KEY", f"tests-{secrets.token_urlsafe(40)}")
# An in-process server started by a test must not pick up other tests' waiting bot games.
os.environ.setdefault("BOTS_RESUME_ON_START", "0")
# ...nor other tests' waiting analyses.
os.environ.setdefault("ANALYSIS_RESUME_ON_START", "0")
# ...nor run the embedded mail jobs against the test database.
os.environ.setdefault("NOTIFY_PERIODIC_ON_START", "0")

from raumschach_site.settings import *  # noqa: E402,F401,F403
