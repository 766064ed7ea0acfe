"""Which mails a user wants. A row appears the first time it is needed; absent means defaults."""
from __future__ import annotations

from django.conf import settings
from django.db import models

# The kinds of mail a user can switch off one by one; each is a boolean field below.
KINDS = ("your_turn", "challenge", "game_over", "clock_warning")


class MailSettings(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="mail_settings")
    your_turn = models.BooleanField(default=True)
    challenge = models.BooleanField(default=True)
    game_over = models.BooleanField(default=True)
    clock_warning = models.BooleanField(default=True)

    class Meta:
        verbose_name_plural = "mail settings"

    def __str__(self) -> str:
        return f"mail settings of {self.user}"
