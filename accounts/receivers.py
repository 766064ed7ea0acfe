"""Signal receivers of the accounts app (connected in AccountsConfig.ready)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import post_migrate, post_save
from django.dispatch import receiver

from .http import remember_device
from .language import remember_in_session
from .profiles import profile_sync, profiles_backfill

User = get_user_model()


@receiver(post_save, sender=User, dispatch_uid="accounts.profile_on_user_save")
def _profile_on_user_save(sender, instance, created, update_fields=None, raw=False, **kwargs):
    if raw:  # loaddata: the fixture carries its own profiles
        return
    if not created and update_fields is not None and "username" not in update_fields:
        return  # e.g. last_login on every log-in: the name did not change
    profile_sync(user=instance)


@receiver(post_migrate, dispatch_uid="accounts.profiles_backfill")
def _profiles_after_migrate(sender, app_config=None, using="default", **kwargs):
    # Users created by later migrations (the bot accounts) or before this app existed.
    if app_config is None or app_config.label != "accounts":
        return
    from .models import Profile
    profiles_backfill(user_model=User, profile_model=Profile)


@receiver(user_logged_in, dispatch_uid="accounts.remember_device")
def _remember_device_on_login(sender, request, user, **kwargs):
    # Every login() (the log-in page, sign-up, the admin's log-in) makes this browser known
    # to the account, exempting it from the per-account guess limit (accounts.services).
    if request is not None:
        remember_device(request, username=user.username)


@receiver(user_logged_in, dispatch_uid="accounts.account_language")
def _account_language_on_login(sender, request, user, **kwargs):
    # The account's stored language (issue 45) rides in the session from now on, so every page
    # is in it without a query (accounts.language.AccountLanguageMiddleware).
    if request is not None and hasattr(request, "session"):
        from .selectors import account_language
        remember_in_session(request, account_language(user=user))
