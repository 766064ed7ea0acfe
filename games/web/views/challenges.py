"""The home page, a new game and challenges."""
from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.utils.translation import gettext as _

from core.pages import error_status, safe_next
from games import selectors, services
from games.decline_reasons import decline_words
from games.models import Challenge
from games.errors import GameError, NotFound
from games.web import selectors as web_selectors
from games.variant_words import summary_words
from games.variants import summary, variant_get, variant_json, variant_keys, variant_keys_listed
from games.web.forms import NewGameForm
from games.web.variants import all_descriptors, options_shown, variant_descriptor

from .common import rows_for


def _four_games() -> list[dict]:
    """The games the site plays as the home page presents them: key, name, one line."""
    return [{**variant_json(key), "summary": summary_words(summary(variant_get(key)))}
            for key in variant_keys_listed()]


def _watch() -> dict:
    return {"playing_now": web_selectors.games_playing_now(),
            "finished_latest": web_selectors.games_finished_latest(),
            "four_games": _four_games()}


HOME_SEEKS = 30  # the lobby's oldest seeks the home page shows
# The incoming challenges of `?incoming=all`: the API's list bound (one player had 300 waiting
# before MAX_INCOMING_CHALLENGES; each row is a render and two forms).
HOME_INCOMING_ALL = 200


def _incoming(request: HttpRequest, pending) -> dict:
    """The newest HOME_INCOMING_CHALLENGES incoming challenges (all, to HOME_INCOMING_ALL,
    with `?incoming=all`) and how many more are waiting."""
    everything = request.GET.get("incoming") == "all"
    limit = HOME_INCOMING_ALL if everything else settings.HOME_INCOMING_CHALLENGES
    shown = list(pending[:limit + 1])
    more = 0
    if len(shown) > limit:
        shown = shown[:limit]
        more = pending.count() - limit
    return {"incoming": shown, "incoming_more": more, "incoming_all": everything}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "games/landing.html", _watch())
    challenges = selectors.challenges_pending_for(user=request.user)
    # The lobby filtered by game (?variant=); the live refresh re-reads this same URL.
    lobby_game = request.GET.get("variant", "")
    if lobby_game not in variant_keys():
        lobby_game = ""
    context = {
        "games": rows_for(web_selectors.games_active_for(user=request.user), request.user),
        **_incoming(request, challenges["incoming"]),
        "outgoing": challenges["outgoing"],
        "recent": rows_for(web_selectors.games_recent_finished_for(user=request.user, limit=5),
                        request.user),
        # One more than shown, to say that there are more (the API lists up to 200): each
        # row of the lobby costs ~0.2 ms of rendering, 200 of them were most of the page.
        "seeks": selectors.seeks_open(limit=HOME_SEEKS + 1, variant=lobby_game),
        "seeks_shown": HOME_SEEKS,
        "lobby_game": lobby_game,
        "games_offered": [variant_json(key) for key in variant_keys_listed()],
        **_watch(),
    }
    return render(request, "games/home.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: HttpRequest) -> HttpResponse:
    bots = web_selectors.bots_available()
    initial = {}
    if request.GET.get("bot"):
        # A bot answers at once; a days-per-move clock would only make an idle game lose on time.
        initial = {"opponent_kind": "bot", "bot": request.GET["bot"], "days_per_move": ""}
    elif request.GET.get("opponent"):
        initial = {"opponent_kind": "user", "username": request.GET["opponent"]}
    if request.GET.get("kind") in ("user", "open", "seek", "bot"):  # the lobby's "Custom"
        initial["opponent_kind"] = request.GET["kind"]
    if request.GET.get("time") == "live":
        initial["time_mode"] = "live"
    if request.GET.get("variant") in variant_keys():  # "Play <game>" links name their game
        initial["variant"] = request.GET["variant"]
    if request.GET.get("color") in ("white", "black", "random"):
        initial["color"] = request.GET["color"]
    if request.GET.get("fen"):  # the board editor's set-up position (checked on submit)
        initial["fen"] = request.GET["fen"]
    form = NewGameForm(request.POST or None, bots=bots, variants=all_descriptors(), initial=initial)
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        kind = data["opponent_kind"]
        try:
            opponent = None
            if kind in ("user", "bot"):
                name = data["username"] if kind == "user" else data["bot"]
                opponent = selectors.user_get(username=name.strip())
            seek = kind == "seek"
            challenge = services.challenge_create(
                challenger=request.user, opponent=opponent, color=data["color"],
                days_per_move=data["days_per_move"], clock_limit=data["clock_limit"],
                clock_increment=data["clock_increment"], rated=data["rated"], public=seek,
                rating_min=data["rating_min"] if seek else None,
                rating_max=data["rating_max"] if seek else None,
                variant=data["variant"], variant_options=form.variant_options(),
                fen=data.get("fen") or "")
        except GameError as exc:
            form.add_error("username" if kind == "user" else None, exc.detail)
            status = error_status(exc) if exc.status != 404 else 400
        else:
            if challenge.game_id:  # a bot accepts at once
                return redirect("game", game_id=challenge.game.public_id)
            if seek:
                messages.success(request, _("Your seek is in the lobby."))
                return redirect("home")
            if opponent is None:
                messages.success(request, _("Open challenge created: share its link."))
                return redirect("challenge", challenge_id=challenge.pk)
            messages.success(request, _("Challenge sent to %(name)s.") % {"name": opponent.username})
            return redirect("home")
    elif request.method == "POST":
        status = 400
    return render(request, "games/new_game.html", {"form": form, "bots": bots}, status=status)


@require_GET
def challenge_detail(request: HttpRequest, challenge_id: str) -> HttpResponse:
    # A friend without an account may open an open challenge's link: the page names the
    # challenge and its sender and offers sign-up or log-in, both coming back here (issue 29
    # item 5). Any other challenge stays behind the log-in (it may be sent to them by name).
    try:
        challenge = selectors.challenge_get_visible(challenge_id=challenge_id, user=request.user)
    except NotFound as exc:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return render(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    if challenge.game_id and request.user.pk in (challenge.game.white_id, challenge.game.black_id):
        return redirect("game", game_id=challenge.game.public_id)
    link = request.build_absolute_uri(reverse("challenge", args=[challenge.pk]))
    variant = variant_descriptor(challenge.variant)
    return render(request, "games/challenge.html", {
        "challenge": challenge, "link": link, "variant": variant, "here": request.path,
        "variant_options": options_shown(variant, challenge.variant_options),
        "decline_words": decline_words(challenge.decline_reason)
        if challenge.status == Challenge.Status.DECLINED and challenge.decline_reason else ""})


CHALLENGE_ACTIONS = {
    "accept": services.challenge_accept,
    "decline": services.challenge_decline,
    "cancel": services.challenge_cancel,
}


@login_required
@require_POST
def challenge_action(request: HttpRequest, challenge_id: str, action: str) -> HttpResponse:
    try:
        challenge = selectors.challenge_get_visible(challenge_id=challenge_id, user=request.user)
        outcome = CHALLENGE_ACTIONS[action](challenge=challenge, user=request.user)
    except GameError as exc:
        messages.error(request, exc.detail)
        return redirect(safe_next(request))
    if action == "accept":
        return redirect("game", game_id=outcome.public_id)
    messages.success(request, _("Challenge declined.") if action == "decline"
                     else _("Challenge cancelled."))
    return redirect(safe_next(request))
