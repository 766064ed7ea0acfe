from __future__ import annotations

from tests.notify.conftest import mail_through_an_eager_celery_task, verify  # noqa: F401
from tests.site_fixtures import *  # noqa: F401,F403

# The German .mo files are build output (scripts/test.sh makes them); a bare `pytest` run
# makes them here, before any test activates German.
import scripts.compile_messages as _compile  # noqa: E402

_compile.compile_all()
