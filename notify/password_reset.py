"""Password reset by email, with Django's own views and tokens (signed with SECRET_KEY, valid
PASSWORD_RESET_TIMEOUT seconds, void once the password changes).

What is ours: the mail goes through the outbox (after commit, by the task) and only to a
verified address; the links point at SITE_URL; the form is rate limited per client address and
per address typed; and the answer is the same page whether or not an account has that address,
so the form cannot be used to find out who plays here."""
from __future__ import annotations

import uuid

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.db import transaction
from django.http import HttpResponse
from django.urls import reverse, reverse_lazy

from core.errors import RateLimited
from accounts.http import client_ip
from accounts.models import ApiToken
from accounts.ratelimit import ratelimit_consume

from .links import site_url
from .outbox import mail_enqueue, verified_address


class ResetForm(PasswordResetForm):
    def get_users(self, email: str):
        # Only a confirmed address may receive a reset link: an unconfirmed one may be a typo
        # or somebody else's. Bots have no password to reset.
        from games import bot_hook

        for user in super().get_users(email):
            if verified_address(user) and not bot_hook.is_bot(user):
                yield user

    def send_mail(self, subject_template_name, email_template_name, context, from_email,
                  to_email, html_email_template_name=None) -> None:
        user = context["user"]
        url = site_url() + reverse("password_reset_confirm",
                                          args=[context["uid"], context["token"]])
        minutes = settings.PASSWORD_RESET_TIMEOUT // 60
        body = "\n".join([
            f"Hello {user.username},", "",
            "Somebody (we hope you) asked to reset the password of your Raumschach account. "
            f"Choose a new password here (the link works once, for {minutes} minutes):", "",
            url, "", "If you did not ask for this, ignore this mail: your password stays as it is."])
        mail_enqueue(key=f"password_reset:{user.pk}:{uuid.uuid4().hex}", user=user,
                     kind="password_reset", subject="Reset your Raumschach password",
                     body=body, to=to_email)


class ResetSetPasswordForm(SetPasswordForm):
    def save(self, commit: bool = True):
        user = super().save(commit=commit)
        if commit:  # a reset is how a stolen account is taken back: old API tokens must die
            ApiToken.objects.filter(user=user).delete()
        return user


class ResetView(auth_views.PasswordResetView):
    form_class = ResetForm
    template_name = "registration/password_reset_form.html"
    success_url = reverse_lazy("password_reset_done")

    def form_valid(self, form) -> HttpResponse:
        email = form.cleaned_data["email"].strip().lower()
        try:
            # Counted whether or not the address is known, so the limit reveals nothing.
            ratelimit_consume(scope="password_reset", key=f"ip:{client_ip(self.request)}")
            ratelimit_consume(scope="password_reset", key=f"email:{email}")
        except RateLimited as exc:
            form.add_error(None, exc.detail)
            response = self.render_to_response(self.get_context_data(form=form), status=429)
            response["Retry-After"] = str(exc.retry_after)
            return response
        with transaction.atomic():
            return super().form_valid(form)


class ResetConfirmView(auth_views.PasswordResetConfirmView):
    form_class = ResetSetPasswordForm
    template_name = "registration/password_reset_confirm.html"
    success_url = reverse_lazy("password_reset_complete")


class ResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "registration/password_reset_done.html"


class ResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "registration/password_reset_complete.html"
