"""Celery tasks of notify: one line each over a service (beat schedules the periodic ones)."""
from celery import shared_task
from django.db import InterfaceError, OperationalError

from . import periodic
from .outbox import mail_deliver


@shared_task(name="notify.tasks.deliver_mail", ignore_result=True, acks_late=True,
             autoretry_for=(OperationalError, InterfaceError, OSError), max_retries=5,
             retry_backoff=10, retry_backoff_max=600)
def deliver_mail(mail_id: int) -> bool:
    return mail_deliver(mail_id=mail_id)


@shared_task(name="notify.tasks.run_periodic", ignore_result=True)
def run_periodic() -> dict:
    return periodic.notify_periodic()
