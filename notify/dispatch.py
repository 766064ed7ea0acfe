"""Where a stored mail gets sent: a Celery task (REDIS_URL set) or, in the embedded set-up, a
background thread of this process (notify.runner). Called after commit only."""
from __future__ import annotations

import logging

from django.conf import settings

logger = logging.getLogger(__name__)


def queue_delivery(mail_id: int) -> None:
    if settings.NOTIFY_RUN_IN_PROCESS:
        from . import runner

        runner.submit(mail_id)
        return
    from . import tasks

    try:
        tasks.deliver_mail.delay(mail_id)
    except Exception:  # broker down: the row stays unsent and the periodic retry sends it
        logger.exception("could not queue mail %s; the periodic retry will send it", mail_id)
