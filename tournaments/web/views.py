"""The tournament pages: /tournaments/ (upcoming, running and finished, per game; a form to
create one) and /tournaments/<id>/ (standings kept live by the page's socket, crosstable,
games, join / withdraw / start / invite a bot). Thin: services write, selectors read."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from core.errors import SiteError
from core.pages import error_status
from games.variants import variant_json, variant_keys, variant_keys_listed

from .. import selectors, services
from ..errors import TournamentNotFound
from ..state import tournament_state
from .forms import BotInviteForm, TournamentForm


def _games() -> list[dict]:
    return [variant_json(key) for key in variant_keys_listed()]


def _bots() -> list[tuple[int, str]]:
    from bots.selectors import builtin_bots

    return [(bot.level, f"{bot.name} ({bot.user.username})")
            for bot in builtin_bots().select_related("user").order_by("level")]


@require_http_methods(["GET", "POST"])
def tournament_list(request: HttpRequest) -> HttpResponse:
    variant = request.GET.get("variant")
    if variant not in variant_keys():
        variant = None
    form = TournamentForm(request.POST or None, variants=_games(),
                          initial={"variant": variant} if variant else None)
    status = 200
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect("login")
        if form.is_valid():
            data = form.cleaned_data
            swiss, arena = data["system"] == "swiss", data["system"] == "arena"
            try:
                tournament = services.tournament_create(
                    creator=request.user, name=data["name"], variant=data["variant"],
                    system=data["system"],
                    double=data["double"] and data["system"] == "round-robin",
                    rounds=(data["rounds"] or 5) if swiss else None,
                    days_per_move=None if arena else data["days_per_move"],
                    clock_limit=(data["clock_minutes"] or 3) * 60 if arena else None,
                    clock_increment=(data["clock_increment"] or 0) if arena else None,
                    minutes=(data["minutes"] or 60) if arena else None,
                    max_players=data["max_players"], rated=data["rated"])
            except SiteError as exc:
                form.add_error(None, exc.detail)
                status = error_status(exc) if exc.status != 404 else 400
            else:
                return redirect("tournament", tournament_id=tournament.pk)
        else:
            status = 400
    found = selectors.tournaments_by_status(variant=variant)
    sections = [("created", _("Upcoming"), found["created"]),
                ("started", _("Running"), found["started"]),
                ("finished", _("Finished"), found["finished"])]
    return render(request, "tournaments/list.html",
                  {"sections": sections, "games": _games(), "current": variant or "",
                   "form": form}, status=status)


def tournament_page(request: HttpRequest, tournament_id: str) -> HttpResponse:
    try:
        state = tournament_state(tournament_id=tournament_id, user=request.user)
    except TournamentNotFound as exc:
        return render(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    mine = request.user.is_authenticated and state["created_by"] == request.user.username
    invite = BotInviteForm(bots=_bots()) if mine and state["status"] == "created" else None
    return render(request, "tournaments/detail.html",
                  {"t": state, "mine": mine, "invite": invite, "texts": _page_texts()})


def _page_texts() -> dict[str, str]:
    """The words tournament.js writes, translated here: one place for the catalogue."""
    return {"created": _("Upcoming"), "started": _("Running"), "finished": _("Finished"),
            "round": _("Round"), "bye": _("bye"), "playing": _("playing"),
            "nobody": _("Nobody has joined yet."),
            "no_games": _("The games are made when the tournament starts."),
            "live": _("live"), "offline": _("reconnecting…"),
            "streak": _("on a streak: the next win counts double")}


def _act(request: HttpRequest, tournament_id: str, action, done: str) -> HttpResponse:
    try:
        action()
    except SiteError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, done)
    return redirect("tournament", tournament_id=tournament_id)


@login_required
@require_POST
def tournament_join(request: HttpRequest, tournament_id: str) -> HttpResponse:
    return _act(request, tournament_id, lambda: services.tournament_join(
        tournament_id=tournament_id, user=request.user), _("You have joined."))


@login_required
@require_POST
def tournament_withdraw(request: HttpRequest, tournament_id: str) -> HttpResponse:
    return _act(request, tournament_id, lambda: services.tournament_withdraw(
        tournament_id=tournament_id, user=request.user), _("You have withdrawn."))


@login_required
@require_POST
def tournament_start(request: HttpRequest, tournament_id: str) -> HttpResponse:
    return _act(request, tournament_id, lambda: services.tournament_start(
        tournament_id=tournament_id, user=request.user), _("The tournament has started."))


@login_required
@require_POST
def tournament_invite(request: HttpRequest, tournament_id: str) -> HttpResponse:
    form = BotInviteForm(request.POST, bots=_bots())
    if not form.is_valid():
        messages.error(request, _("Choose one of the bots."))
        return redirect("tournament", tournament_id=tournament_id)

    def invite() -> None:
        bot_user = selectors.bot_user_for(level=form.cleaned_data["level"], username=None)
        services.tournament_invite_bot(tournament_id=tournament_id, by=request.user,
                                       bot_user=bot_user)

    return _act(request, tournament_id, invite, _("The bot has joined."))
