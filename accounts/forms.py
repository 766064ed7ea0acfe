"""Forms of the account pages (shape only; see core.forms)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import Form


class SignupForm(Form):
    username = forms.CharField(label=_("Username"), max_length=150, widget=forms.TextInput(
        attrs={"autocomplete": "username", "autofocus": True}))
    email = forms.EmailField(label=_("Email"), required=False,
                             help_text=_("Optional; only used to reach you."),
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    # render_value: a refused sign-up keeps what was typed (issue 29 item 8).
    password = forms.CharField(label=_("Password"), widget=forms.PasswordInput(
        render_value=True, attrs={"autocomplete": "new-password"}))
    password_again = forms.CharField(
        label=_("Password (again)"),
        widget=forms.PasswordInput(render_value=True, attrs={"autocomplete": "new-password"}))

    def clean(self):
        data = super().clean()
        if data.get("password") and data.get("password") != data.get("password_again"):
            self.add_error("password_again", _("The two passwords differ."))
        return data


class LoginForm(Form):
    username = forms.CharField(label=_("Username"), max_length=150, widget=forms.TextInput(
        attrs={"autocomplete": "username", "autofocus": True}))
    password = forms.CharField(label=_("Password"), widget=forms.PasswordInput(
        attrs={"autocomplete": "current-password"}))


class PasswordChangeForm(Form):
    old_password = forms.CharField(label=_("Current password"), widget=forms.PasswordInput(
        attrs={"autocomplete": "current-password"}))
    new_password = forms.CharField(label=_("New password"), widget=forms.PasswordInput(
        attrs={"autocomplete": "new-password"}))
    new_password_again = forms.CharField(label=_("New password (again)"), widget=forms.PasswordInput(
        attrs={"autocomplete": "new-password"}))

    def clean(self):
        data = super().clean()
        if data.get("new_password") and data.get("new_password") != data.get("new_password_again"):
            self.add_error("new_password_again", _("The two passwords differ."))
        return data
