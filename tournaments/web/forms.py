"""The page's forms (shape only; the rules are tournaments.services')."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import Form
from games.models import DAYS_PER_MOVE_CHOICES

SYSTEM_CHOICES = [("round-robin", _("Round robin")), ("swiss", _("Swiss")),
                  ("arena", _("Arena (live)"))]
# An arena's clocks, as lichess offers them: minutes per side and seconds added a move.
CLOCK_MINUTES = [(1, "1"), (2, "2"), (3, "3"), (5, "5"), (10, "10"), (15, "15")]
INCREMENTS = [(0, "0"), (1, "1"), (2, "2"), (3, "3"), (5, "5"), (10, "10")]


class TournamentForm(Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    variant = forms.ChoiceField(label=_("Game"))
    system = forms.ChoiceField(label=_("System"), choices=SYSTEM_CHOICES)
    double = forms.BooleanField(label=_("Double round robin (colours reversed)"), required=False)
    rounds = forms.IntegerField(label=_("Rounds (Swiss)"), required=False, min_value=1,
                                max_value=20, initial=5)
    days_per_move = forms.TypedChoiceField(
        label=_("Days per move"), coerce=int, initial=3,
        choices=[(d, str(d)) for d in DAYS_PER_MOVE_CHOICES])
    clock_minutes = forms.TypedChoiceField(label=_("Arena: minutes per side"), coerce=int,
                                           choices=CLOCK_MINUTES, initial=3, required=False,
                                           empty_value=None)
    clock_increment = forms.TypedChoiceField(label=_("Arena: seconds added a move"), coerce=int,
                                             choices=INCREMENTS, initial=2, required=False,
                                             empty_value=None)
    minutes = forms.IntegerField(label=_("Arena: length in minutes"), min_value=5,
                                 max_value=720, initial=60, required=False)
    max_players = forms.IntegerField(label=_("Most players"), min_value=2, max_value=500,
                                     initial=8)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)

    def __init__(self, *args, variants: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [(v["key"], v["name"]) for v in variants]


class BotInviteForm(Form):
    level = forms.TypedChoiceField(label=_("Bot"), coerce=int, choices=[])

    def __init__(self, *args, bots: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["level"].choices = bots
