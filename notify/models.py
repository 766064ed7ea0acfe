"""Which mails a user wants, which address is verified, and the outbox of mails.

A MailSettings row appears the first time it is needed; absent means defaults. Every mail is
first written to the outbox (`OutgoingMail`) under an idempotency key, so one event can never
produce two mails however often its signal or task runs."""
from __future__ import annotations

from django.conf import settings
from django.db import models

# The kinds of mail a user can switch off one by one; each is a boolean field below.
KINDS = ("your_turn", "challenge", "game_over", "clock_warning", "tournament")
# Mails that answer the user's own request; they ignore the per-kind settings and the digest.
TRANSACTIONAL = ("verify_email", "password_reset")


class MailSettings(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="mail_settings")
    your_turn = models.BooleanField(default=True)
    challenge = models.BooleanField(default=True)
    game_over = models.BooleanField(default=True)
    clock_warning = models.BooleanField(default=True)
    tournament = models.BooleanField(default=True)  # a round of a tournament of yours starts
    # One mail a day gathering the kinds switched on above, instead of one mail each.
    digest = models.BooleanField(default=False)
    # The address the user proved they read (a confirmation link); mails go only here, and only
    # while it is still the account's address.
    verified_email = models.EmailField(blank=True, default="")
    last_digest_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "mail settings"

    def __str__(self) -> str:
        return f"mail settings of {self.user}"


class OutgoingMail(models.Model):
    """One mail to one user, written before it is sent (the outbox)."""

    key = models.CharField(max_length=200, unique=True)  # idempotency key of the event
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="outgoing_mails")
    kind = models.CharField(max_length=32)
    to = models.EmailField()
    subject = models.CharField(max_length=200)
    body = models.TextField()
    in_digest = models.BooleanField(default=False)  # waits for the user's daily digest
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(fields=["user", "sent_at"], name="outgoing_user_sent_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user_id} ({'sent' if self.sent_at else 'pending'})"
