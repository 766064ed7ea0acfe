"""The opening explorer's errors (codes of the one hierarchy rooted at core.errors.SiteError;
the same codes as the analysis board's for the same faults)."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from core.errors import SiteError


class ExplorerError(SiteError):
    """An error of an opening explorer request."""


class BadPosition(ExplorerError):
    code = "bad_position"
    default_detail = _("That is not a position of this variant.")
