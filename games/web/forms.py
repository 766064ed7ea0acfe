"""Forms of the game pages (shape only; see core.forms)."""
from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.forms import Form
from games.models import DAYS_PER_MOVE_CHOICES
from games.web.time_controls import (CLOCK_INCREMENT_SECONDS, CLOCK_LIMIT_SECONDS, clock_presets,
                                     format_limit)


def _days_choices() -> list[tuple[str, str]]:
    return [("", _("No time limit"))] + [
        (str(d), ngettext("%(days)d day per move", "%(days)d days per move", d) % {"days": d})
        for d in DAYS_PER_MOVE_CHOICES]


def _preset_choices() -> list[tuple[str, str]]:
    return clock_presets() + [("custom", _("Custom"))]


class NewGameForm(Form):
    OPPONENTS = [("user", _("A user, by name")), ("open", _("Anyone with a link (open challenge)")),
                 ("seek", _("Anyone in the lobby (a public seek)")), ("bot", _("A bot"))]
    COLORS = [("random", _("Random")), ("white", _("White")), ("black", _("Black"))]

    opponent_kind = forms.ChoiceField(label=_("Play against"), choices=OPPONENTS,
                                      widget=forms.RadioSelect, initial="user")
    username = forms.CharField(label=_("Username"), max_length=150, required=False)
    bot = forms.ChoiceField(label=_("Bot"), required=False)
    color = forms.ChoiceField(label=_("Your colour"), choices=COLORS, initial="random")
    # Live (a clock: limit + increment, issue 46) or correspondence (days per move, or none).
    time_mode = forms.ChoiceField(label=_("Time control"), widget=forms.RadioSelect,
                                  initial="correspondence", required=False, choices=[
                                      ("live", _("Real time (a clock)")),
                                      ("correspondence", _("Correspondence (days per move)"))])
    clock = forms.ChoiceField(label=_("Clock"), choices=_preset_choices, initial="300+3",
                              required=False, widget=forms.RadioSelect)
    clock_limit = forms.TypedChoiceField(
        label=_("Minutes per side"), coerce=int, empty_value=None, initial=str(5 * 60),
        required=False, choices=[(str(s), format_limit(s)) for s in CLOCK_LIMIT_SECONDS])
    clock_increment = forms.TypedChoiceField(
        label=_("Increment in seconds"), coerce=int, empty_value=None, initial="3", required=False,
        choices=[(str(s), str(s)) for s in CLOCK_INCREMENT_SECONDS])
    days_per_move = forms.TypedChoiceField(
        label=_("Time per move"), choices=_days_choices, coerce=int, empty_value=None,
        required=False, initial="3")
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True,
                               help_text=_("A rated game changes both players' ratings."))
    rating_min = forms.IntegerField(label=_("Lowest rating"), required=False, min_value=0,
                                    max_value=4000)
    rating_max = forms.IntegerField(label=_("Highest rating"), required=False, min_value=0,
                                    max_value=4000)

    # Not required: a form that names no game (an old bookmark, a script) plays the first one.
    variant = forms.ChoiceField(label=_("Game"), widget=forms.RadioSelect, required=False)
    # A set-up position (the board editor's "Challenge a friend" / "Play a bot"): the game
    # starts there, casual; the service checks it (illegal_position with the reason).
    fen = forms.CharField(required=False, max_length=1000, widget=forms.HiddenInput)

    def __init__(self, *args, bots: list[dict], variants: list[dict], **kwargs):
        """variants: the descriptors of the games on offer (docs/variant-seam.md section 5);
        each option a variant declares becomes a checkbox `option_<name>`."""
        super().__init__(*args, **kwargs)
        self.variants = {v["key"]: v for v in variants}
        self.fields["variant"].choices = [(v["key"], v["name"]) for v in variants]
        self.fields["variant"].initial = variants[0]["key"] if variants else None
        for described in variants:
            for name, spec in described.get("options", {}).items():
                self.fields[f"option_{name}"] = forms.BooleanField(
                    label=spec.get("label", name), required=False, initial=spec.get("default", False))
        self.fields["bot"].choices = [
            (b["username"], f"{b['name']} (external)" if b.get("external")
             else f"{b['name']} (level {b['level']})") for b in bots]

    def clean(self):
        data = super().clean()
        kind = data.get("opponent_kind")
        if not data.get("variant") and self.variants:
            data["variant"] = next(iter(self.variants))
        if kind == "user" and not (data.get("username") or "").strip():
            self.add_error("username", _("Whom do you want to play? Enter a username."))
        if kind == "bot" and not data.get("bot"):
            self.add_error("bot", _("Choose a bot."))
        self._clean_clock(data)
        return data

    def _clean_clock(self, data: dict) -> None:
        """`clock_limit`/`clock_increment` in seconds for a live game (a preset or the custom
        pair; the service checks the bounds), None for correspondence."""
        if data.get("time_mode") != "live":
            data["clock_limit"] = data["clock_increment"] = None
            return
        data["days_per_move"] = None
        preset = data.get("clock") or "custom"
        if preset != "custom":
            limit, increment = (int(part) for part in preset.split("+"))
            data["clock_limit"], data["clock_increment"] = limit, increment
        elif data.get("clock_limit") is None or data.get("clock_increment") is None:
            self.add_error("clock_limit", _("Choose the minutes per side and the increment."))

    def variant_options(self) -> dict:
        """The chosen variant's option values (after is_valid); other variants' are ignored."""
        described = self.variants.get(self.cleaned_data.get("variant"), {})
        return {name: self.cleaned_data.get(f"option_{name}", False)
                for name in described.get("options", {})}

    def variant_fields(self) -> list[dict]:
        """For the template: each variant with its radio button and its option checkboxes."""
        radios = {radio.data["value"]: radio for radio in self["variant"]}
        return [{"descriptor": v, "radio": radios.get(key),
                 "options": [self[f"option_{name}"] for name in v.get("options", {})]}
                for key, v in self.variants.items()]


class ArchiveFilterForm(Form):
    RESULTS = [("", _("Any result")), ("white", _("White won")), ("black", _("Black won")),
               ("draw", _("Draw")), ("won", _("Player won")), ("lost", _("Player lost"))]
    AGAINST = [("", _("Bots and humans")), ("bots", _("Against bots")), ("humans", _("Humans only"))]
    # Imported records (issue 44) are in the archive beside the games played here.
    SOURCES = [("", _("Played here and imported")), ("played", _("Played here")),
               ("imported", _("Imported records"))]

    variant = forms.ChoiceField(label=_("Game"), required=False)
    # The start of a name is enough (games.web.views.archive); the page suggests names as one
    # types (name_suggest.js fills the datalist from /api/v1/users/?prefix=).
    player = forms.CharField(label=_("Player"), max_length=150, required=False, widget=forms.TextInput(
        attrs={"list": "name-suggestions", "autocomplete": "off", "data-name-suggest": ""}))
    opponent = forms.CharField(label=_("Opponent"), max_length=150, required=False, widget=forms.TextInput(
        attrs={"list": "name-suggestions", "autocomplete": "off", "data-name-suggest": ""}))
    result = forms.ChoiceField(label=_("Result"), choices=RESULTS, required=False)
    against = forms.ChoiceField(label=_("Against"), choices=AGAINST, required=False)
    source = forms.ChoiceField(label=_("Source"), choices=SOURCES, required=False)
    date_from = forms.DateField(label=_("Ended from"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=_("Ended until"), required=False,
                              widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, variants: dict[str, str], **kwargs):
        """variants: key -> name of the games the site plays."""
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [("", _("Any game"))] + sorted(variants.items())

    def clean(self):
        data = super().clean()
        if data.get("result") in ("won", "lost") and not data.get("player"):
            self.add_error("result", _("“Player won/lost” needs a player."))
        start, end = data.get("date_from"), data.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", _("The end date is before the start date."))
        return data



class GameImportForm(Form):
    """The "Import a game" page: one record (games.import_parser reads and checks it)."""
    text = forms.CharField(
        label=_("Game record"), strip=False,
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "false", "autocomplete": "off",
                                     "class": "import-text"}),
        help_text=_("The site's text export of a game, or a bare move list (readable or "
                    "coordinate moves) after a tag naming its game, such as "
                    "[Variant \"Five Up\"]. At most 2,000 moves."))
