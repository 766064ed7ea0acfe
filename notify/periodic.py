"""The periodic jobs of notify, run by Celery beat (notify.tasks.run_periodic) or, embedded,
by notify.runner's timer thread."""
from __future__ import annotations

import logging
from datetime import timedelta

from django.utils import timezone

from .digest import mail_digests_send
from .mails import mail_clock_warnings
from .models import OutgoingMail

logger = logging.getLogger(__name__)

RETRY_AFTER = timedelta(minutes=10)  # an unsent mail older than this lost its task


def mail_retry_unsent() -> int:
    """Queue again mails whose delivery was lost (a broker or SMTP outage); each is still sent
    once at most (mail_deliver marks it sent under a row lock)."""
    from .dispatch import queue_delivery

    stale = OutgoingMail.objects.filter(sent_at__isnull=True, in_digest=False,
                                        created_at__lte=timezone.now() - RETRY_AFTER)
    ids = list(stale.values_list("pk", flat=True)[:500])
    for mail_id in ids:
        queue_delivery(mail_id)
    return len(ids)


def notify_periodic() -> dict:
    from core.statistics import statistics_refresh
    from explorer.services import explorer_catch_up
    from games import services as games_services

    done = {}
    # Vacations that ran out restart their clocks first (exactly at the vacation's end, however
    # late this runs), so the clock warnings see the restarted deadlines.
    jobs = [("vacations_ended", games_services.vacations_end_due),
            ("clock_warnings", mail_clock_warnings), ("digests", mail_digests_send),
            ("retried", mail_retry_unsent),
            # Not mail, but this timer is the embedded set-up's only one (beat runs it apart).
            ("statistics", statistics_refresh),
            # The opening explorer's net for a game whose end hook was lost (explorer/services).
            ("explorer", explorer_catch_up)]
    for name, job in jobs:
        try:
            done[name] = job()
        except Exception:  # one failing job must not stop the others
            logger.exception("periodic job %s failed", name)
    return done
