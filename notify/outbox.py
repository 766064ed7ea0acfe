"""Writing mails to the outbox and sending them.

`mail_enqueue` stores the mail under its idempotency key and queues delivery after commit; a
second call with the same key does nothing. `mail_deliver` sends one stored mail at most once
(the row is locked and marked sent in the same transaction)."""
from __future__ import annotations

import logging
import re
import sys

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.html import escape, urlize
from django.utils.translation import gettext as _

from accounts.language import in_language_of

from .links import site_url
from .models import KINDS, TRANSACTIONAL, MailSettings, OutgoingMail
from .unsubscribe import unsubscribe_url

logger = logging.getLogger(__name__)
User = get_user_model()


def settings_of(user_id: int) -> MailSettings:
    prefs = MailSettings.objects.filter(user_id=user_id).first()
    return prefs or MailSettings(user_id=user_id)


def _is_bot(user) -> bool:
    from games import bot_hook  # notify listens to games; bots get no mail

    return bot_hook.is_bot(user)


def verified_address(user) -> str:
    """The address mail may go to: the account's, if it is verified; else ''."""
    if user is None or not user.is_active or not user.email:
        return ""
    prefs = settings_of(user.pk)
    if prefs.verified_email.lower() != user.email.lower():
        return ""
    return user.email


def mail_enqueue(*, key: str, user, kind: str, subject: str, body: str,
                 to: str | None = None) -> OutgoingMail | None:
    """Store a mail for `user` and queue its delivery after commit. Returns None (nothing
    stored) when the key was used before, the user has no verified address (unless `to` is
    given: a confirmation mail goes to the unverified address), the user is a bot, or the user
    switched this kind off. With the daily digest on, the mail waits for the digest."""
    if kind not in KINDS and kind not in TRANSACTIONAL:
        raise ValueError(f"unknown kind of mail: {kind}")
    in_digest = False
    if kind in KINDS:
        if _is_bot(user):
            return None
        prefs = settings_of(user.pk)
        if not getattr(prefs, kind):
            return None
        in_digest = prefs.digest
    address = to or verified_address(user)
    if not address:
        return None
    try:
        with transaction.atomic():
            mail = OutgoingMail.objects.create(key=key[:200], user=user, kind=kind, to=address,
                                               subject=subject[:200], body=body,
                                               in_digest=in_digest)
    except IntegrityError:  # this event's mail exists already
        return None
    if not in_digest:
        from .dispatch import queue_delivery

        transaction.on_commit(lambda: queue_delivery(mail.pk), robust=True)
    return mail


def _footer(kind: str, user_id: int) -> str:
    lines = ["", "-- ", f"Raumschach · {site_url()}/"]
    if kind in KINDS or kind == "digest":
        lines.append(_("Mail settings: %(url)s") % {"url": f"{site_url()}/mail/settings/"})
    return "\n".join(lines) + "\n"


def build_message(*, to: str, subject: str, body: str, kind: str,
                  user_id: int) -> EmailMultiAlternatives:
    """A plain-text mail (with an HTML alternative) and, for notifications, a signed one-click
    unsubscribe link in the text and the List-Unsubscribe headers (RFC 8058)."""
    headers = {}
    text = body.rstrip() + "\n"
    if kind in KINDS or kind == "digest":
        url = unsubscribe_url(user_id=user_id, kind="digest" if kind == "digest" else kind)
        text += "\n" + _("Unsubscribe from these mails with one click: %(url)s") % {"url": url} + "\n"
        headers["List-Unsubscribe"] = f"<{url}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    text += _footer(kind, user_id)
    message = EmailMultiAlternatives(subject=subject, body=text, to=[to], headers=headers)
    # The HTML part is the same text, escaped: nothing a player typed can become markup.
    html = urlize(escape(text), autoescape=False).replace("\n", "<br>\n")
    message.attach_alternative(f"<!doctype html><html><body><p>{html}</p></body></html>",
                               "text/html")
    return message


CONSOLE_BACKEND = "django.core.mail.backends.console.EmailBackend"


def prints_to_console() -> bool:
    """True on the embedded set-up, whose mail goes to the server's terminal, not to a mailbox."""
    return settings.EMAIL_BACKEND == CONSOLE_BACKEND


def console_line(*, to: str, subject: str, body: str) -> None:
    """One line a newcomer can find in the terminal: the console backend's own print-out is a
    long multipart message with the link wrapped inside it (issue 29 item 3)."""
    link = re.search(r"https?://\S+", body)
    print(f"MAIL to {to}: {subject}" + (f" -- open {link.group(0)}" if link else ""),
          file=sys.stdout, flush=True)


def mail_deliver(*, mail_id: int) -> bool:
    """Send one stored mail unless it was sent already; returns whether it was sent now. A
    notification whose recipient's address is no longer verified is dropped, not sent."""
    with transaction.atomic():
        mail = (OutgoingMail.objects.select_for_update().select_related("user")
                .filter(pk=mail_id, sent_at__isnull=True).first())
        if mail is None:
            return False
        if mail.kind in KINDS and verified_address(mail.user).lower() != mail.to.lower():
            OutgoingMail.objects.filter(pk=mail.pk).update(sent_at=timezone.now(), body="")
            return False
        with in_language_of(mail.user):  # the footer in the recipient's language, as the body
            message = build_message(to=mail.to, subject=mail.subject, body=mail.body,
                                    kind=mail.kind, user_id=mail.user_id)
        message.send()
        if prints_to_console():
            console_line(to=mail.to, subject=mail.subject, body=mail.body)
        fields = {"sent_at": timezone.now()}
        if mail.kind in TRANSACTIONAL:
            fields["body"] = ""  # it held a secret link; no need to keep it once sent
        OutgoingMail.objects.filter(pk=mail.pk).update(**fields)
    return True
