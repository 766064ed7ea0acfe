"""The base of the site's HTML forms. Forms check shape only; the rules (password strength,
taken names, rate limits, who may challenge whom) live in the services the views call."""
from __future__ import annotations

from django import forms


class Form(forms.Form):
    def __init__(self, *args, **kwargs):
        # Labels without a trailing colon read better aloud.
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
