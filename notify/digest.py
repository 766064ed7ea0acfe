"""The daily digest: a user who chose it gets the day's mails gathered into one."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Min
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.language import in_language_of

from .models import MailSettings, OutgoingMail
from .outbox import verified_address


def mail_digests_send() -> int:
    """Gather each user's waiting mails into one once a day has passed since their last digest
    (or since the first waiting mail); returns how many digests were stored."""
    now = timezone.now()
    period = timedelta(hours=settings.NOTIFY_DIGEST_HOURS)
    waiting = (OutgoingMail.objects.filter(in_digest=True, sent_at__isnull=True)
               .values("user_id").annotate(first=Min("created_at")))
    stored = 0
    for row in waiting:
        prefs, _created = MailSettings.objects.get_or_create(user_id=row["user_id"])
        since = prefs.last_digest_at or row["first"]
        if now - since < period:
            continue
        stored += _send_one(prefs, now)
    return stored


def _send_one(prefs: MailSettings, now) -> bool:
    from .dispatch import queue_delivery

    with transaction.atomic():
        mails = list(OutgoingMail.objects.select_for_update().filter(
            user_id=prefs.user_id, in_digest=True, sent_at__isnull=True).order_by("created_at"))
        if not mails:
            return False
        user = mails[0].user
        address = verified_address(user)
        OutgoingMail.objects.filter(pk__in=[m.pk for m in mails]).update(sent_at=now)
        MailSettings.objects.filter(pk=prefs.pk).update(last_digest_at=now)
        if not address:  # no verified address any more: the waiting mails are dropped
            return False
        count = {"count": len(mails)}
        with in_language_of(user):
            parts = [_("Hello %(name)s,") % {"name": user.username}, "",
                     ngettext("Here is what happened on Raumschach since your last digest "
                              "(%(count)d item):",
                              "Here is what happened on Raumschach since your last digest "
                              "(%(count)d items):", len(mails)) % count]
            subject = ngettext("Your Raumschach digest: %(count)d item",
                               "Your Raumschach digest: %(count)d items", len(mails)) % count
        for mail in mails:
            body = mail.body.split("\n", 2)[-1].strip()  # without the "Hello ..." line
            parts += ["", f"* {mail.subject}", body]
        digest = OutgoingMail.objects.create(
            key=f"digest:{user.pk}:{mails[-1].pk}", user=user, kind="digest", to=address,
            subject=subject, body="\n".join(parts))
        transaction.on_commit(lambda: queue_delivery(digest.pk), robust=True)
    return True
