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
# ...nor end other tests' games on time at start and every few seconds (a test that means it
# sets it).
os.environ.setdefault("FLAGS_ON_START", "0")
# ...nor load the shipped puzzles into every test database (the puzzles' tests load their own).
os.environ.setdefault("PUZZLES_LOAD_ON_MIGRATE", "0")



def _redis_url_of_this_worker() -> None:
    """Under pytest-xdist (scripts/test.sh runs `-n`), worker gwN uses Redis index base+N, the
    base being REDIS_URL's (e.g. /7 -> gw0 on 7, gw1 on 8). Both workers' test databases number
    games from 1, so on one index their channel-layer groups (game-1), rate-limit counters for
    127.0.0.1 and Celery queues would mix; on their own indexes they cannot. Written back to
    the environment (xdist sets PYTEST_XDIST_WORKER before pytest-django imports these settings),
    so the Daphne, Celery and serve.sh processes a test starts use the same index; the marker
    keeps such a child, which imports these settings again, from adding N a second time."""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER", ""), os.environ.get("REDIS_URL", "")
    if not (worker.startswith("gw") and url) or os.environ.get("TEST_REDIS_URL_OF") == worker:
        return
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    index = base + int(worker[2:])
    if index > 15:  # Redis has 16 databases unless configured otherwise
        raise RuntimeError(f"REDIS_URL={url}: xdist worker {worker} would need Redis database "
                           f"{index}; use a lower base index or fewer workers (TEST_WORKERS)")
    os.environ["REDIS_URL"] = urlunsplit(parts._replace(path=f"/{index}"))
    os.environ["TEST_REDIS_URL_OF"] = worker


_redis_url_of_this_worker()

from raumschach_site.settings import *  # noqa: E402,F401,F403
