"""Pages of notify: one-click unsubscribe, address confirmation, mail settings."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from core.errors import SiteError
from games.errors import InvalidInput

from . import services
from .forms import MailSettingsForm


# What the unsubscribe page calls each kind of mail ("You will get no more “…” mails.").
KIND_NAMES = {"digest": _("all notification"), "your_turn": _("your turn"),
              "challenge": _("challenge"), "game_over": _("game over"),
              "clock_warning": _("clock warning"), "tournament": _("tournament")}


@csrf_exempt  # the signed token is the credential; a mail client's POST carries no CSRF token
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    # RFC 8058: mail clients POST to the link; people open it with GET.
    kind = services.unsubscribe(token=token)
    status = 200 if kind else 400
    label = KIND_NAMES.get(kind, (kind or "").replace("_", " "))
    return render(request, "notify/unsubscribed.html", {"kind": label}, status=status)


@require_http_methods(["GET"])
def verify(request: HttpRequest, token: str) -> HttpResponse:
    user = services.email_verify(token=token)
    return render(request, "notify/verified.html", {"verified_user": user},
                  status=200 if user else 400)


@login_required
@require_http_methods(["GET", "POST"])
def mail_settings(request: HttpRequest) -> HttpResponse:
    current = services.mail_settings_get(user=request.user)
    form = MailSettingsForm(request.POST or None, initial=current)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            services.mail_settings_update(user=request.user, **form.cleaned_data)
        except SiteError as exc:
            form.add_error("email" if exc.code == "invalid_email" else None, exc.detail)
            status = 400
        else:
            messages.success(request, _("Your mail settings are saved."))
            return redirect("notify-settings")
    elif request.method == "POST":
        status = 400
    from games.api.vacation import vacation_out

    return render(request, "notify/settings.html",
                  {"form": form, "current": current, "vacation": vacation_out(request.user)},
                  status=status)


@login_required
@require_POST
def resend_verification(request: HttpRequest) -> HttpResponse:
    try:
        sent = services.email_verification_send(user=request.user)
    except SiteError as exc:
        messages.error(request, exc.detail)
    else:
        if sent:
            messages.success(request, _("A confirmation link is on its way to %(address)s.")
                             % {"address": request.user.email})
    return redirect("notify-settings")


@login_required
@require_POST
def vacation(request: HttpRequest) -> HttpResponse:
    """Switch the vacation on or off (the form on the settings page)."""
    from games import services as games_services

    try:
        if request.POST.get("action") == "start":
            days = request.POST.get("days", "").strip()
            if days and not days.isdigit():
                raise InvalidInput(_("Enter the number of days as a whole number."))
            games_services.vacation_start(user=request.user, days=int(days) if days else None)
            messages.success(request, _("You are on vacation: your clocks stand still."))
        else:
            if games_services.vacation_end(user_id=request.user.pk):
                messages.success(request, _("Welcome back: your clocks run again."))
    except SiteError as exc:
        messages.error(request, exc.detail)
    return redirect("notify-settings")
