"""Pages of one's account: sign-up, log-in, log-out, password change, API tokens (listed on
one's profile page, games/web/views/players.py). Thin: they call accounts.services with plain
values and do the HTTP part (login(), the session hash)."""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.errors import SiteError
from core.pages import error_status, next_param, safe_next

from . import services as account_services
from .forms import LoginForm, PasswordChangeForm, SignupForm
from .http import client_ip, known_device_keys
from .language import is_site_language, remember_in_session

# Which form field a service error belongs to (by error code); others are form-wide.
SIGNUP_ERROR_FIELDS = {"invalid_username": "username", "username_taken": "username",
                       "username_confusable": "username",
                       "invalid_email": "email", "weak_password": "password"}


def mail_sent_note(address: str) -> str:
    """Says where the confirmation mail went; on the embedded set-up that is the terminal."""
    note = (_("We sent a confirmation link to %(address)s: open it to confirm the address "
              "(until then we send you no other mail).") % {"address": address})
    # accounts may not import notify (notify builds on accounts); the console backend is the
    # embedded set-up's, whose mail lands in the terminal (notify.outbox.console_line).
    if settings.EMAIL_BACKEND.endswith(".console.EmailBackend"):
        note += " " + (_("This server has no mail server: the mail is printed in the terminal it "
                         "runs in, on a line starting \"MAIL to %(address)s\".")
                       % {"address": address})
    return note


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    # Bound on every POST: an empty one (or a JSON body, which fills no form) is a form with
    # errors, not an unbound form read as valid (it was a 500)
    form = SignupForm(request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        form.is_valid()
        # Every field's problem at once: the form's own (missing, passwords differ) and the
        # service's (name taken, weak password), never one field per round trip.
        for problem in account_services.signup_problems(
                username=request.POST.get("username", ""),
                password=request.POST.get("password", ""), email=request.POST.get("email", "")):
            field = SIGNUP_ERROR_FIELDS.get(problem.code)
            if field not in form.errors:
                form.add_error(field, problem.detail)
        status = 400
    if request.method == "POST" and not form.errors:
        data = form.cleaned_data
        try:
            user = account_services.user_signup(
                username=data["username"], password=data["password"], email=data["email"],
                client_ip=client_ip(request))
        except SiteError as exc:
            form.add_error(SIGNUP_ERROR_FIELDS.get(exc.code), exc.detail)
            status = error_status(exc)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(name)s!") % {"name": user.username})
            if user.email:
                messages.info(request, mail_sent_note(user.email))
            # A friend who came through an open-challenge link goes back to it.
            return redirect(safe_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": next_param(request)},
                status=status)


@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(safe_next(request))
    form = LoginForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            user = account_services.user_authenticate(
                username=form.cleaned_data["username"], password=form.cleaned_data["password"],
                client_ip=client_ip(request), known_device_keys=known_device_keys(request))
        except SiteError as exc:
            form.add_error(None, exc.detail)
            status = error_status(exc)
        else:
            login(request, user)  # also marks this browser as known to the account
            return redirect(safe_next(request))
    elif request.method == "POST":
        status = 400
    return render(request, "registration/login.html", {"form": form, "next": next_param(request)},
                status=status)


@require_POST
def logout_view(request: HttpRequest) -> HttpResponse:
    logout(request)
    return redirect("home")


@login_required
@require_http_methods(["GET", "POST"])
def password_change(request: HttpRequest) -> HttpResponse:
    form = PasswordChangeForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            account_services.user_change_password(
                user=request.user, old_password=data["old_password"],
                new_password=data["new_password"], client_ip=client_ip(request))
        except SiteError as exc:
            field = "old_password" if exc.code == "wrong_password" else "new_password"
            form.add_error(field, exc.detail)
            status = error_status(exc)
        else:
            # This browser stays logged in; every other session ends with the old password
            # hash, and the service revoked every API token.
            update_session_auth_hash(request, request.user)
            messages.success(request, _("Your password has been changed."))
            return redirect("profile", username=request.user.username)
    elif request.method == "POST":
        status = 400
    return render(request, "registration/password_change.html", {"form": form}, status=status)


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    try:
        # The form's scope boxes; a form without them (an older page) asks for all.
        chosen = request.POST.getlist("scopes") if "scopes_shown" in request.POST else None
        _token, raw = account_services.api_token_create(
            user=request.user, name=request.POST.get("name", "")[:64], scopes=chosen)
    except SiteError as exc:
        messages.error(request, exc.detail)
    else:
        # Shown once on the next page, then gone: only its hash is stored.
        request.session["new_api_token"] = raw
    return redirect("profile", username=request.user.username)


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        account_services.api_token_revoke(user=request.user, token_id=token_id)
    except SiteError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, _("Token revoked."))
    return redirect("profile", username=request.user.username)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The header's language switch: Django's set_language (the cookie, back to `next`), and
    for a logged-in account the choice stored on it, for its pages on every device and its
    mails (issue 45)."""
    from django.views.i18n import set_language as django_set_language
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if is_site_language(language) and request.user.is_authenticated:
        account_services.account_language_set(user=request.user, language=language)
        remember_in_session(request, language)
    return response
