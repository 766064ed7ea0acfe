"""Account services: sign-up, password checks, password change, API tokens (stored hashed).

Plain values in, never a request object: views, the admin log-in form and the API call these and do
the HTTP part themselves (login(), the session hash, the known-device cookie; see
accounts.http). The pages and the API share them, so validation and rate limits are the same
everywhere.

Password checks are limited twice (issue 13, item 3):
- per client address, every attempt counting (scopes `login`, `token`, `password_change`);
- per account, failed attempts counting (`login_account`, shared by web log-in, admin log-in
  and token exchange; `password_change` keyed by the account). Spreading guesses over many
  addresses does not help a guesser.
A per-account limit that refused everyone would let a stranger lock the owner out just by
guessing. So it does not apply to a client that has logged in to that account successfully
before: it carries a signed, HttpOnly "known device" cookie naming the account
(accounts.http). The owner's browser keeps working during an attack; a guesser, having never
logged in, is held to the limit. An owner on a new device waits for the window to pass (or
uses a device it knows) — the price of not letting guessers through.
"""
from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import RateLimited
from core.prepared import PreparedObjects

from . import scopes as token_scopes
from .errors import (InvalidCredentials, SignupRefused, TokenNotFound, TooManyTokens, UnknownScope,
                     WrongPassword)
from .models import ApiToken, Profile
from .ratelimit import ratelimit_check, ratelimit_consume
from .usernames import username_key, username_mixes_scripts, username_scripts, username_skeleton

User = get_user_model()

TOKEN_BYTES = 32  # 256 random bits per token
LAST_USED_RESOLUTION = 60  # seconds; don't write last_used_at on every request
TAKEN = gettext_lazy("That username is taken.")


def _messages(exc: ValidationError) -> str:
    return " ".join(str(m) for m in exc.messages)


def username_check_free(*, username: str) -> None:
    """Refuse a name equal to an existing one once normalised (NFKC, case-folded: full-width
    `ＲＬＵＳＥＲ6` is `rluser6`), or one that looks like an existing account's (`еasy-bot` with
    a Cyrillic е, `master-b0t`), or one mixing scripts (`mixedοscript` with a Greek omicron;
    TR39's Highly Restrictive level): see accounts.usernames."""
    if (Profile.objects.filter(username_key=username_key(username)).exists()
            or User.objects.filter(username__iexact=username).exists()):
        raise SignupRefused(TAKEN, code="username_taken")
    twin = (Profile.objects.filter(username_skeleton=username_skeleton(username))
            .select_related("user").first())
    if twin is not None:
        raise SignupRefused(_("That username looks too much like %(name)s; choose a more "
                              "distinct one.") % {"name": repr(twin.user.username)},
                            code="username_confusable")
    if username_mixes_scripts(username):  # after the look-alike check: its answer says more
        scripts = ", ".join(sorted(username_scripts(username)))
        raise SignupRefused(_("A username may not mix scripts (%(scripts)s); write it in one.")
                            % {"scripts": scripts},
                            code="username_mixed_scripts")


def signup_problems(*, username: str, password: str, email: str = "") -> list[SignupRefused]:
    """Every reason the sign-up would be refused, one per field, so a form can show them all
    at once (issue 29 item 8: it showed only the first, a field at a time)."""
    username = (username or "").strip()
    email = (email or "").strip()
    problems = []
    field = User._meta.get_field("username")
    try:
        field.run_validators(username)
        if not username:
            raise ValidationError(_("A username is required."))
        if len(username) > field.max_length:
            raise ValidationError(_("A username has at most %(count)s characters.")
                                  % {"count": field.max_length})
    except ValidationError as exc:
        problems.append(SignupRefused(_messages(exc), code="invalid_username"))
    else:
        try:
            username_check_free(username=username)
        except SignupRefused as exc:
            problems.append(exc)
    if email:
        try:
            validate_email(email)
        except ValidationError as exc:
            problems.append(SignupRefused(_messages(exc), code="invalid_email"))
    try:
        validate_password(password, user=User(username=username, email=email))
    except ValidationError as exc:
        problems.append(SignupRefused(_messages(exc), code="weak_password"))
    return problems


def user_signup(*, username: str, password: str, email: str = "", client_ip: str) -> User:
    # The limit counts accounts created, not attempts: a classroom behind one address whose
    # pupils mistype a password or pick a taken name must not be locked out (issue 13, item 8).
    ratelimit_check(scope="signup", key=client_ip)
    username = (username or "").strip()
    email = (email or "").strip()
    problems = signup_problems(username=username, password=password, email=email)
    if problems:
        raise problems[0]
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, email=email, password=password)
            # The post_save receiver stored the profile; a fallback key there means another
            # sign-up of the same normalised name won the race: undo this account.
            if Profile.objects.get(user=user).username_key != username_key(username):
                raise IntegrityError("username key taken")
    except IntegrityError:
        raise SignupRefused(TAKEN, code="username_taken") from None
    ratelimit_consume(scope="signup", key=client_ip)
    return user


def _account_key(username: str) -> str:
    # The normalised name: ALICE, ａｌｉｃｅ and alice are one account's allowance. Unknown
    # names are counted the same way, so the answers tell nothing about which names exist.
    return f"account:{username_key(username)}"


def user_authenticate(*, username: str, password: str, client_ip: str, scope: str = "login",
                      known_device_keys: frozenset[str] = frozenset()) -> User:
    """Check a username and password, limited per address (`scope`) and per account
    (`login_account`, failures only; not for a client that logged in to it before)."""
    username = username or ""
    ratelimit_consume(scope=scope, key=client_ip)
    key = username_key(username)
    account = _account_key(username)
    if key not in known_device_keys:
        ratelimit_check(scope="login_account", key=account)
    # Log in by the name in any case or width: the stored key names one account.
    stored = (Profile.objects.filter(username_key=key)
              .values_list("user__username", flat=True).first())
    user = authenticate(username=stored or username, password=password or "")
    if user is None:
        try:
            ratelimit_consume(scope="login_account", key=account)
        except RateLimited:
            pass  # this attempt was wrong anyway: say so; the next one is refused
        raise InvalidCredentials()
    return user


def user_change_password(*, user: User, old_password: str, new_password: str, client_ip: str,
                         keep_token_id: int | None = None) -> None:
    """Change the password and revoke every API token but `keep_token_id` (the one making the
    request, if any): a leaked token must not outlive the password change meant to shut it
    out. Other sessions end because the session hash follows the password hash; the caller
    keeps its own session with update_session_auth_hash()."""
    # Only the signed-in owner reaches this; still, a stolen session or token must not be able
    # to brute-force the password here: wrong guesses count per account and per address.
    keys = (f"user:{user.pk}", f"ip:{client_ip}")
    for key in keys:
        ratelimit_check(scope="password_change", key=key)
    if not user.check_password(old_password or ""):
        for key in keys:
            try:
                ratelimit_consume(scope="password_change", key=key)
            except RateLimited:
                pass  # wrong anyway; the next attempt is refused by the check above
        raise WrongPassword()
    try:
        validate_password(new_password, user=user)
    except ValidationError as exc:
        raise SignupRefused(_messages(exc), code="weak_password") from None
    with transaction.atomic():
        user.set_password(new_password)
        user.save(update_fields=["password"])
        ApiToken.objects.filter(user=user).exclude(pk=keep_token_id).delete()


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def api_token_create(*, user: User, name: str = "",
                     scopes: str | list[str] | None = None) -> tuple[ApiToken, str]:
    """Create a token with `scopes` (accounts/scopes.py: a list or a comma-separated string;
    None: all of them); returns it with the raw value, which is never stored or shown again."""
    try:
        chosen = token_scopes.parse(scopes)
    except ValueError as exc:
        raise UnknownScope(str(exc)) from None
    cap = settings.MAX_API_TOKENS_PER_ACCOUNT
    if ApiToken.objects.filter(user=user).count() >= cap:
        raise TooManyTokens(_("You have %(count)s tokens; revoke some first.") % {"count": cap})
    raw = secrets.token_urlsafe(TOKEN_BYTES)
    token = ApiToken.objects.create(
        user=user, name=(name or "")[:64], key_hash=_hash(raw), prefix=raw[:8],
        scopes=token_scopes.all_scopes() if chosen is None else ",".join(chosen))
    return token, raw


def api_token_obtain(*, username: str, password: str, client_ip: str, name: str = "",
                     known_device_keys: frozenset[str] = frozenset()) -> tuple[ApiToken, str]:
    """Exchange a username and password for a new token (limited as user_authenticate)."""
    user = user_authenticate(username=username, password=password, client_ip=client_ip,
                             scope="token", known_device_keys=known_device_keys)
    return api_token_create(user=user, name=name or "api")


def api_token_revoke(*, user: User, token_id: int) -> None:
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise TokenNotFound()


# Every request with a token reads it: compiled once (core.prepared). key_hash is unique.
_TOKEN_BY_HASH = PreparedObjects(
    lambda key_hash: ApiToken.objects.select_related("user").filter(key_hash=key_hash),
    kinds=(str,))


def api_token_user(*, raw: str) -> tuple[User, ApiToken] | None:
    """The active user a raw token belongs to, or None."""
    token = _TOKEN_BY_HASH.get(_hash(raw or ""))
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user, token


def account_language_set(*, user, language: str) -> None:
    """Store the account's language (a code of settings.LANGUAGES; the caller checked it)."""
    Profile.objects.filter(user=user).update(language=language)
