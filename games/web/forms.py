"""Forms of the game pages (shape only; see core.forms)."""
from __future__ import annotations

from django import forms

from core.forms import Form
from games.models import DAYS_PER_MOVE_CHOICES


def _days_choices() -> list[tuple[str, str]]:
    return [("", "No time limit")] + [
        (str(d), f"{d} day{'s' if d > 1 else ''} per move") for d in DAYS_PER_MOVE_CHOICES]


class NewGameForm(Form):
    OPPONENTS = [("user", "A user, by name"), ("open", "Anyone with a link (open challenge)"),
                 ("seek", "Anyone in the lobby (a public seek)"), ("bot", "A bot")]
    COLORS = [("random", "Random"), ("white", "White"), ("black", "Black")]

    opponent_kind = forms.ChoiceField(label="Play against", choices=OPPONENTS,
                                      widget=forms.RadioSelect, initial="user")
    username = forms.CharField(label="Username", max_length=150, required=False)
    bot = forms.ChoiceField(label="Bot", required=False)
    color = forms.ChoiceField(label="Your colour", choices=COLORS, initial="random")
    days_per_move = forms.TypedChoiceField(
        label="Time per move", choices=_days_choices, coerce=int, empty_value=None,
        required=False, initial="3")
    rated = forms.BooleanField(label="Rated", required=False, initial=True,
                               help_text="A rated game changes both players' ratings.")
    rating_min = forms.IntegerField(label="Lowest rating", required=False, min_value=0,
                                    max_value=4000)
    rating_max = forms.IntegerField(label="Highest rating", required=False, min_value=0,
                                    max_value=4000)

    def __init__(self, *args, bots: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["bot"].choices = [
            (b["username"], f"{b['name']} (external)" if b.get("external")
             else f"{b['name']} (level {b['level']})") for b in bots]

    def clean(self):
        data = super().clean()
        kind = data.get("opponent_kind")
        if kind == "user" and not (data.get("username") or "").strip():
            self.add_error("username", "Whom do you want to play? Enter a username.")
        if kind == "bot" and not data.get("bot"):
            self.add_error("bot", "Choose a bot.")
        return data


class ArchiveFilterForm(Form):
    RESULTS = [("", "Any result"), ("white", "White won"), ("black", "Black won"),
               ("draw", "Draw"), ("won", "Player won"), ("lost", "Player lost")]
    AGAINST = [("", "Bots and humans"), ("bots", "Against bots"), ("humans", "Humans only")]

    player = forms.CharField(max_length=150, required=False)
    opponent = forms.CharField(max_length=150, required=False)
    result = forms.ChoiceField(choices=RESULTS, required=False)
    against = forms.ChoiceField(choices=AGAINST, required=False)
    date_from = forms.DateField(label="Ended from", required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label="Ended until", required=False,
                              widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self):
        data = super().clean()
        if data.get("result") in ("won", "lost") and not data.get("player"):
            self.add_error("result", "“Player won/lost” needs a player.")
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", "The end date is before the start date.")
        return data

