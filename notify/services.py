"""Changes to a user's mail settings and address: unsubscribe, preferences, verification."""
from __future__ import annotations

import uuid
from contextlib import nullcontext

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.language import in_language_of, is_site_language
from accounts.ratelimit import ratelimit_consume

from . import verification
from .errors import InvalidSettings
from .models import KINDS, MailSettings
from .outbox import mail_enqueue, settings_of
from .unsubscribe import read_token

User = get_user_model()
FLAGS = KINDS + ("digest",)


def unsubscribe(*, token: str) -> str | None:
    """Switch off the kind of mail a signed link names; returns the kind, or None for a forged
    or damaged link or a user who no longer exists (nothing changes then). The digest's link
    switches off every kind: the digest gathers them all."""
    parsed = read_token(token)
    if parsed is None or parsed[1] not in FLAGS:
        return None
    user_id, kind = parsed
    if not User.objects.filter(pk=user_id).exists():
        return None
    changes = {k: False for k in KINDS} if kind == "digest" else {kind: False}
    MailSettings.objects.update_or_create(user_id=user_id, defaults=changes)
    return kind


def mail_settings_get(*, user) -> dict:
    prefs = settings_of(user.pk)
    return {"email": user.email,
            "email_verified": bool(user.email)
            and prefs.verified_email.lower() == user.email.lower(),
            **{flag: getattr(prefs, flag) for flag in FLAGS}}


def mail_settings_update(*, user, **changes) -> dict:
    """Set any of the per-kind flags, the digest, and the address (a new address is not
    verified; a confirmation mail goes to it at once)."""
    unknown = set(changes) - set(FLAGS) - {"email"}
    if unknown:
        raise InvalidSettings(_("Unknown settings: %(names)s.")
                              % {"names": ", ".join(sorted(unknown))})
    flags = {k: v for k, v in changes.items() if k in FLAGS}
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise InvalidSettings(_("%(name)s must be true or false.") % {"name": name})
    with transaction.atomic():
        if "email" in changes:
            email_change(user=user, email=changes["email"])
        if flags:
            MailSettings.objects.update_or_create(user_id=user.pk, defaults=flags)
    return mail_settings_get(user=user)


def email_change(*, user, email: str) -> None:
    email = (email or "").strip() if isinstance(email, str) else None
    if email is None or len(email) > 254:
        raise InvalidSettings(_("email must be an address or empty."), code="invalid_email")
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise InvalidSettings(_("Enter a valid email address."), code="invalid_email") from None
    if email == user.email:
        return
    user.email = email
    user.save(update_fields=["email"])  # the pre/post_save receivers send the confirmation


def email_verification_send(*, user, limited: bool = True) -> bool:
    """Mail a confirmation link to the account's address if it is not verified yet (rate
    limited per user when asked again by hand); returns whether a mail was stored."""
    if not user.email or mail_settings_get(user=user)["email_verified"]:
        return False
    if limited:
        ratelimit_consume(scope="email_verify", key=f"user:{user.pk}")
    prefs = settings_of(user.pk)
    url = verification.verify_url(user_id=user.pk, email=user.email,
                                  verified_email=prefs.verified_email)
    hours = verification.max_age_hours()
    # The account's language; without a choice, the language of the request that asked (the
    # person signing up reads it), not the site's default.
    chosen = getattr(getattr(user, "account_profile", None), "language", "")
    with in_language_of(user) if is_site_language(chosen) else nullcontext():
        body = "\n".join([
            _("Hello %(name)s,") % {"name": user.username}, "",
            _("Please confirm that this is your address for Raumschach by opening this link "
              "(valid for %(hours)s hours, once):") % {"hours": hours}, "", url, "",
            _("If you did not ask for this, ignore this mail; nothing will be sent to you "
              "again.")])
        subject = _("Confirm your address for Raumschach")
    return mail_enqueue(key=f"verify_email:{user.pk}:{uuid.uuid4().hex}", user=user,
                        kind="verify_email", subject=subject, body=body,
                        to=user.email) is not None


def email_verify(*, token: str):
    """Mark the address a genuine, unexpired, unused link names as verified; returns the user,
    or None (nothing changes) for a forged, expired, used or outdated link."""
    parsed = verification.read_token(token)
    if parsed is None:
        return None
    user_id, email, state = parsed
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id, is_active=True).first()
        if user is None or user.email.lower() != email.lower():
            return None
        prefs, _ = MailSettings.objects.select_for_update().get_or_create(user_id=user.pk)
        if not verification.state_matches(state, user_id=user.pk, email=user.email,
                                          verified_email=prefs.verified_email):
            return None
        prefs.verified_email = user.email
        prefs.save(update_fields=["verified_email"])
    return user
