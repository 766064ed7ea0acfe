"""Account services: sign-up, log-in/out, password change, API tokens (stored hashed).

The HTML pages (issue 7) and the REST API both call these, so rate limits and validation are
the same everywhere."""
from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.contrib.auth import authenticate, get_user_model, login, logout
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import Profile
from accounts.usernames import username_key, username_skeleton
from games.errors import (Conflict, InvalidCredentials, NotFound, SignupRefused,
                          WrongPassword)
from games.models import ApiToken

from .ratelimit import ratelimit_check, ratelimit_consume

User = get_user_model()

TOKEN_BYTES = 32  # 256 random bits per token
MAX_TOKENS_PER_USER = 100  # beyond this a user must revoke old tokens first
LAST_USED_RESOLUTION = 60  # seconds; don't write last_used_at on every request


def client_ip(request: HttpRequest) -> str:
    """The address rate limits count against (the proxy's client when it is trusted)."""
    if settings.RATE_LIMIT_TRUST_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded:
            return forwarded.split(",")[0].strip()
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def _messages(exc: ValidationError) -> str:
    return " ".join(str(m) for m in exc.messages)


TAKEN = "That username is taken."


def _check_name_is_free(username: str) -> None:
    """Refuse a name equal to an existing one once normalised (NFKC, case-folded: full-width
    `ＲＬＵＳＥＲ6` is `rluser6`), or one that looks like an existing account's (`еasy-bot` with
    a Cyrillic е, `master-b0t`): see accounts.usernames."""
    if (Profile.objects.filter(username_key=username_key(username)).exists()
            or User.objects.filter(username__iexact=username).exists()):
        raise SignupRefused(TAKEN, code="username_taken")
    twin = (Profile.objects.filter(username_skeleton=username_skeleton(username))
            .select_related("user").first())
    if twin is not None:
        raise SignupRefused(f"That username looks too much like {twin.user.username!r}; "
                            "choose a more distinct one.", code="username_confusable")


def user_signup(*, username: str, password: str, email: str = "", client_ip: str) -> User:
    # The limit counts accounts created, not attempts: a classroom behind one address whose
    # pupils mistype a password or pick a taken name must not be locked out (issue 13, item 8).
    ratelimit_check(scope="signup", key=client_ip)
    username = (username or "").strip()
    email = (email or "").strip()
    field = User._meta.get_field("username")
    try:
        field.run_validators(username)
        if not username:
            raise ValidationError("A username is required.")
        if len(username) > field.max_length:
            raise ValidationError(f"A username has at most {field.max_length} characters.")
    except ValidationError as exc:
        raise SignupRefused(_messages(exc), code="invalid_username") from None
    if email:
        try:
            validate_email(email)
        except ValidationError as exc:
            raise SignupRefused(_messages(exc), code="invalid_email") from None
    candidate = User(username=username, email=email)
    try:
        validate_password(password, user=candidate)
    except ValidationError as exc:
        raise SignupRefused(_messages(exc), code="weak_password") from None
    _check_name_is_free(username)
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


def user_authenticate(*, username: str, password: str, client_ip: str,
                      scope: str = "login") -> User:
    ratelimit_consume(scope=scope, key=client_ip)
    user = authenticate(username=username or "", password=password or "")
    if user is None:
        raise InvalidCredentials()
    return user


def user_login(*, request: HttpRequest, username: str, password: str) -> User:
    """Check the credentials (rate limited per client address) and start a session."""
    user = user_authenticate(username=username, password=password, client_ip=client_ip(request))
    login(request, user)
    return user


def user_logout(*, request: HttpRequest) -> None:
    logout(request)


def user_change_password(*, user: User, old_password: str, new_password: str,
                         request: HttpRequest | None = None,
                         keep_token_id: int | None = None) -> None:
    """Change the password; the current session (if given) stays logged in, others end (the
    session hash follows the password hash). Every API token but the one making the request
    is revoked: a leaked token must not outlive the password change meant to shut it out."""
    # Only its owner (already signed in) reaches this, so the account is the key and only
    # wrong guesses count: a stolen session or token can't brute-force the password from here.
    ratelimit_check(scope="password_change", key=f"user:{user.pk}")
    if not user.check_password(old_password or ""):
        ratelimit_consume(scope="password_change", key=f"user:{user.pk}")
        raise WrongPassword()
    try:
        validate_password(new_password, user=user)
    except ValidationError as exc:
        raise SignupRefused(_messages(exc), code="weak_password") from None
    user.set_password(new_password)
    user.save(update_fields=["password"])
    ApiToken.objects.filter(user=user).exclude(pk=keep_token_id).delete()
    if request is not None:
        update_session_auth_hash(request, user)


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def api_token_create(*, user: User, name: str = "") -> tuple[ApiToken, str]:
    """Create a token; returns it with the raw value, which is never stored or shown again."""
    if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS_PER_USER:
        raise Conflict(f"You have {MAX_TOKENS_PER_USER} tokens; revoke some first.",
                       code="too_many_tokens")
    raw = secrets.token_urlsafe(TOKEN_BYTES)
    token = ApiToken.objects.create(user=user, name=(name or "")[:64], key_hash=_hash(raw),
                                    prefix=raw[:8])
    return token, raw


def api_token_obtain(*, username: str, password: str, client_ip: str,
                     name: str = "") -> tuple[ApiToken, str]:
    """Exchange a username and password for a new token (rate limited per client address)."""
    user = user_authenticate(username=username, password=password, client_ip=client_ip,
                             scope="token")
    return api_token_create(user=user, name=name or "api")


def api_token_revoke(*, user: User, token_id: int) -> None:
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    if not deleted:
        raise NotFound("No such token.")


def api_token_user(*, raw: str) -> tuple[User, ApiToken] | None:
    """The active user a raw token belongs to, or None."""
    try:  # key_hash is unique: get() needs no ORDER BY (first() sorted by the Meta ordering)
        token = ApiToken.objects.select_related("user").get(key_hash=_hash(raw or ""))
    except ApiToken.DoesNotExist:
        return None
    if not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user, token
