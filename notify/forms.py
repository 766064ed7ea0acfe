"""Forms of notify's pages (shape only; the rules live in the services)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class MailSettingsForm(forms.Form):
    email = forms.EmailField(required=False, label=_("Email address"),
                             widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    your_turn = forms.BooleanField(required=False, label=_("When it is my move"))
    challenge = forms.BooleanField(required=False, label=_("When someone challenges me"))
    game_over = forms.BooleanField(required=False, label=_("When a game ends"))
    clock_warning = forms.BooleanField(required=False, label=_("When less than a day is left"))
    tournament = forms.BooleanField(required=False,
                                    label=_("When a round of my tournament starts"))
    digest = forms.BooleanField(required=False, label=_("One digest a day instead of single mails"))

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
