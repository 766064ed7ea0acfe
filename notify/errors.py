"""The errors of the notify app: part of the one hierarchy rooted at core.errors.SiteError."""
from __future__ import annotations

from django.utils.translation import gettext_lazy

from core.errors import SiteError


class NotifyError(SiteError):
    """An error of mail settings and addresses."""


class InvalidSettings(NotifyError):
    code = "invalid"
    default_detail = gettext_lazy("Invalid mail settings.")
