from __future__ import annotations

import pytest

from tests.site_fixtures import *  # noqa: F401,F403


@pytest.fixture(autouse=True)
def mail_through_an_eager_celery_task(settings):
    """Mail goes through the real Celery task, run eagerly in the test process, into Django's
    locmem outbox (pytest-django sets the locmem backend)."""
    from raumschach_site.celery import app

    settings.BACKGROUND_IN_PROCESS = False
    settings.SITE_URL = "https://rs.example.org"
    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def verify(user, email: str | None = None) -> None:
    """Mark the user's address verified (tests of notifications start from there)."""
    from notify.models import MailSettings

    if email:  # written without the save signal: no confirmation mail in these tests
        type(user).objects.filter(pk=user.pk).update(email=email)
        user.email = email
    MailSettings.objects.update_or_create(user=user, defaults={"verified_email": user.email})
