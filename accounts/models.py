"""Stored facts about accounts beyond Django's User (issue 12: the accounts app): profiles and
API tokens.

`Profile` holds the normalised forms of the username (see accounts.usernames): the unique
`username_key` is what makes `ＲＬＵＳＥＲ6` and `rluser6` one name even when two sign-ups race,
and `username_skeleton` finds look-alikes. A receiver keeps it in step with every User save
(sign-up, admin, bot accounts, tests), and a post_migrate hook fills it for users created
before this app existed."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from .scopes import all_scopes


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="account_profile")
    # NFKC and case-folding can lengthen a 150-character name (ß -> ss, ﬃ -> ffi).
    username_key = models.CharField(max_length=600, unique=True)
    username_skeleton = models.CharField(max_length=600, db_index=True)
    # The language the account chose with the header's switch (a code of settings.LANGUAGES);
    # "" until it chooses: pages then follow the browser, mails the site's LANGUAGE_CODE.
    language = models.CharField(max_length=16, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.username_key}"


class ApiToken(models.Model):
    """A revocable API token; only its SHA-256 is stored, the raw value is shown once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=64, blank=True, default="")
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=8, editable=False)  # lets a user tell tokens apart
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    # lichess's scopes, comma-separated (accounts/scopes.py); "" is a token that may do nothing.
    scopes = models.CharField(max_length=200, default=all_scopes)

    class Meta:
        # Moved from games without touching the data: the table keeps its name (issue 12).
        db_table = "games_apitoken"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user_id}, {self.name or 'unnamed'})"

    def scope_list(self) -> list[str]:
        return [scope for scope in self.scopes.split(",") if scope]

    def has_any_scope(self, accepted: tuple[str, ...]) -> bool:
        """lichess's rule: an endpoint accepts a token having any one of its scopes."""
        return not accepted or any(scope in self.scope_list() for scope in accepted)


class RateLimitCounter(models.Model):
    """One fixed window of one rate limit (accounts.ratelimit): the password checks' and
    sign-ups' counters live here in the embedded set-up, so a restart does not clear them, and
    here too while Redis is unreachable, so an outage does not lift them. Rows of windows
    that have passed are deleted now and then by accounts.ratelimit."""

    key = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.FloatField(db_index=True)  # seconds since the epoch

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
