"""Where a stored mail gets sent: through the background seam (core/background.py), as the
Celery task `notify.tasks.deliver_mail` with a broker, in the `mail` thread of this process
without. Called after commit only. The task is named, not imported: it calls notify.outbox,
which calls here."""
from __future__ import annotations

import logging

from core import background

logger = logging.getLogger(__name__)

TASK = "notify.tasks.deliver_mail"


def queue_delivery(mail_id: int) -> None:
    background.submit(TASK, mail_id, pool="mail", what=f"mail {mail_id} not sent;",
                      publish=lambda: _publish(mail_id))


def _publish(mail_id: int) -> None:
    try:
        background.task(TASK).delay(mail_id)
    except Exception:  # broker down: the row stays unsent and the periodic retry sends it
        logger.exception("could not queue mail %s; the periodic retry will send it", mail_id)
