"""The HTML pages: thin views that read through selectors, change things only through
services, and render Django templates. Game play itself happens in the browser through the
REST API and the websocket (see games/static/games/js/)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import selectors, services
from games.errors import GameError, NotFound, RateLimited
from games.web import selectors as web_selectors
from games.web.forms import (ArchiveFilterForm, LoginForm, NewGameForm, PasswordChangeForm,
                             SignupForm)

ARCHIVE_PAGE_SIZE = 20  # games per archive page: one screen on a laptop
PIECE_KEYS = [c + k for c in "wb" for k in "KQRBNUP"]

# Which form field a service error belongs to (by error code); others are form-wide.
SIGNUP_ERROR_FIELDS = {"invalid_username": "username", "username_taken": "username",
                       "invalid_email": "email", "weak_password": "password"}


def page(request: HttpRequest, template: str, context: dict | None = None,
         status: int = 200) -> HttpResponse:
    """Render a page with what the header needs (the live "your turn" count)."""
    context = dict(context or {})
    context["turn_count"] = web_selectors.your_turn_count(user=request.user)
    return render(request, template, context, status=status)


def _error_status(exc: GameError) -> int:
    # A page re-rendered with an error: 429 for rate limits, else the usual 400.
    return 429 if isinstance(exc, RateLimited) else 400


def _safe_next(request: HttpRequest, fallback: str = "home") -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                       require_https=request.is_secure()):
        return target
    return reverse(fallback)


def _next_param(request: HttpRequest) -> str:
    """The `next` to carry between the log-in and sign-up pages (only a safe one)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    return target if target and _safe_next(request) == target else ""


# ---- accounts ----

@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.user_signup(username=data["username"], password=data["password"],
                                 email=data["email"], client_ip=services.client_ip(request))
            services.user_login(request=request, username=data["username"],
                                password=data["password"])
        except GameError as exc:
            form.add_error(SIGNUP_ERROR_FIELDS.get(exc.code), exc.detail)
            status = _error_status(exc)
        else:
            messages.success(request, f"Welcome, {data['username']}!")
            # A friend who came through an open-challenge link goes back to it.
            return redirect(_safe_next(request))
    elif request.method == "POST":
        status = 400
    return page(request, "registration/signup.html", {"form": form, "next": _next_param(request)},
                status=status)


@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_safe_next(request))
    form = LoginForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            services.user_login(request=request, username=form.cleaned_data["username"],
                                password=form.cleaned_data["password"])
        except GameError as exc:
            form.add_error(None, exc.detail)
            status = _error_status(exc)
        else:
            return redirect(_safe_next(request))
    elif request.method == "POST":
        status = 400
    return page(request, "registration/login.html", {"form": form, "next": _next_param(request)},
                status=status)


@require_POST
def logout_view(request: HttpRequest) -> HttpResponse:
    services.user_logout(request=request)
    return redirect("home")


@login_required
@require_http_methods(["GET", "POST"])
def password_change(request: HttpRequest) -> HttpResponse:
    form = PasswordChangeForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.user_change_password(user=request.user, old_password=data["old_password"],
                                          new_password=data["new_password"], request=request)
        except GameError as exc:
            field = "old_password" if exc.code == "wrong_password" else "new_password"
            form.add_error(field, exc.detail)
            status = _error_status(exc)
        else:
            messages.success(request, "Your password has been changed.")
            return redirect("profile", username=request.user.username)
    elif request.method == "POST":
        status = 400
    return page(request, "registration/password_change.html", {"form": form}, status=status)


@require_GET
def profile(request: HttpRequest, username: str) -> HttpResponse:
    try:
        player = selectors.user_get(username=username)
    except NotFound as exc:
        return page(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    own = request.user.is_authenticated and request.user.pk == player.pk
    context = {
        "player": player,
        "own": own,
        "is_bot": bool(web_selectors.bot_usernames(player.username)),
        "record": selectors.user_record(user=player),
        "recent": _rows(web_selectors.games_recent_finished_for(user=player), player),
        "tokens": selectors.api_tokens_of(user=player) if own else None,
        "new_token": request.session.pop("new_api_token", None) if own else None,
    }
    return page(request, "games/profile.html", context)


@login_required
def my_profile(request: HttpRequest) -> HttpResponse:
    return redirect("profile", username=request.user.username)


@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    try:
        _token, raw = services.api_token_create(user=request.user,
                                                name=request.POST.get("name", "")[:64])
    except GameError as exc:
        messages.error(request, exc.detail)
    else:
        # Shown once on the next page, then gone: only its hash is stored.
        request.session["new_api_token"] = raw
    return redirect("profile", username=request.user.username)


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        services.api_token_revoke(user=request.user, token_id=token_id)
    except GameError as exc:
        messages.error(request, exc.detail)
    else:
        messages.success(request, "Token revoked.")
    return redirect("profile", username=request.user.username)


# ---- home, challenges, new game ----

def _rows(games, user) -> list[dict]:
    """Games seen from `user`: their colour, the opponent, and whether it is their turn."""
    rows = []
    for game in games:
        color = game.player_color(user)
        opponent = game.black if color == "white" else game.white
        rows.append({"game": game, "color": color, "opponent": opponent,
                     "your_turn": game.status == "active" and game.turn == color})
    return rows


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return page(request, "games/landing.html")
    challenges = selectors.challenges_pending_for(user=request.user)
    context = {
        "games": _rows(web_selectors.games_active_for(user=request.user), request.user),
        "incoming": challenges["incoming"],
        "outgoing": challenges["outgoing"],
        "recent": _rows(web_selectors.games_recent_finished_for(user=request.user, limit=5),
                        request.user),
    }
    return page(request, "games/home.html", context)


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
    form = NewGameForm(request.POST or None, bots=bots, initial=initial)
    status = 200
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        kind = data["opponent_kind"]
        try:
            opponent = None
            if kind in ("user", "bot"):
                name = data["username"] if kind == "user" else data["bot"]
                opponent = selectors.user_get(username=name.strip())
            challenge = services.challenge_create(
                challenger=request.user, opponent=opponent, color=data["color"],
                days_per_move=data["days_per_move"])
        except GameError as exc:
            form.add_error("username" if kind == "user" else None, exc.detail)
            status = _error_status(exc) if exc.status != 404 else 400
        else:
            if challenge.game_id:  # a bot accepts at once
                return redirect("game", game_id=challenge.game_id)
            if opponent is None:
                messages.success(request, "Open challenge created: share its link.")
                return redirect("challenge", challenge_id=challenge.pk)
            messages.success(request, f"Challenge sent to {opponent.username}.")
            return redirect("home")
    elif request.method == "POST":
        status = 400
    return page(request, "games/new_game.html", {"form": form, "bots": bots}, status=status)


@login_required
@require_GET
def challenge_detail(request: HttpRequest, challenge_id: str) -> HttpResponse:
    try:
        challenge = selectors.challenge_get_visible(challenge_id=challenge_id, user=request.user)
    except NotFound as exc:
        return page(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    if challenge.game_id and request.user.pk in (challenge.game.white_id, challenge.game.black_id):
        return redirect("game", game_id=challenge.game_id)
    link = request.build_absolute_uri(reverse("challenge", args=[challenge.pk]))
    return page(request, "games/challenge.html", {"challenge": challenge, "link": link})


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
        return redirect(_safe_next(request))
    if action == "accept":
        return redirect("game", game_id=outcome.pk)
    messages.success(request, f"Challenge {'declined' if action == 'decline' else 'cancelled'}.")
    return redirect(_safe_next(request))


# ---- games ----

# How a game ended, in words (the game page's script has the same table in gameinfo.js).
TERMINATION_WORDS = {
    "checkmate": "checkmate", "stalemate": "stalemate",
    "insufficient_material": "insufficient material",
    "threefold_repetition": "threefold repetition", "fifty_moves": "the fifty-move rule",
    "resign": "resignation", "timeout": "time (deadline passed)", "agreement": "agreement",
}


def describe_result(game) -> str:
    if game.status == "aborted":
        return "Game aborted."
    how = TERMINATION_WORDS.get(game.termination, game.termination)
    by = f" by {how}" if how else ""
    winner = {"1-0": "White won", "0-1": "Black won", "1/2-1/2": "Draw"}.get(game.result)
    return f"{winner}{by}." if winner else "Game over."


def _piece_urls() -> dict[str, str]:
    return {key: static(f"games/pieces/{key}.svg") for key in PIECE_KEYS}


def _load_game(game_id: int):
    game = selectors.game_get(game_id=game_id)
    services.game_expire_if_due(game=game)  # a read may end a game whose deadline passed
    return game


def _game_context(request: HttpRequest, game) -> dict:
    gid = game.pk
    draw_url = reverse("api-game-draw", args=[gid])
    return {
        "game_id": gid,
        "my_color": game.player_color(request.user),
        "logged_in": request.user.is_authenticated,
        "start_fen": game.start_fen,
        "piece_urls": _piece_urls(),
        "bots": sorted(web_selectors.bot_usernames(game.white.username, game.black.username)),
        "urls": {
            "state": reverse("api-game", args=[gid]),
            "moves": reverse("api-game-moves", args=[gid]),
            "socket": f"/ws/games/{gid}/",
            "actions": {
                "resign": {"url": reverse("api-game-resign", args=[gid])},
                "abort": {"url": reverse("api-game-abort", args=[gid])},
                "offer_draw": {"url": draw_url, "body": {"action": "offer"}},
                "accept_draw": {"url": draw_url, "body": {"action": "accept"}},
                "decline_draw": {"url": draw_url, "body": {"action": "decline"}},
            },
        },
    }


@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = _load_game(game_id)
    except NotFound as exc:
        return page(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    context = {
        "game": game,
        "state": selectors.game_state(game, request.user),
        "context": _game_context(request, game),
        "my_color": game.player_color(request.user),
    }
    return page(request, "games/game.html", context)


@require_GET
def replay_page(request: HttpRequest, game_id: int) -> HttpResponse:
    try:
        game = _load_game(game_id)
    except NotFound as exc:
        return page(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    state = selectors.game_state(game, None)
    state["start_fen"] = game.start_fen
    context = {"game": game, "state": state, "result_text": describe_result(game),
               "context": {"game_id": game.pk, "piece_urls": _piece_urls()}}
    return page(request, "games/replay.html", context)


@require_GET
def archive(request: HttpRequest) -> HttpResponse:
    form = ArchiveFilterForm(request.GET or None)
    games_page, status = None, 200
    if not request.GET or form.is_valid():
        filters = form.cleaned_data if request.GET else {}
        try:
            games = web_selectors.games_archive(
                player=filters.get("player") or "", opponent=filters.get("opponent") or "",
                result=filters.get("result") or "", against=filters.get("against") or "",
                date_from=filters.get("date_from"), date_to=filters.get("date_to"))
        except NotFound as exc:
            form.add_error(None, exc.detail)
            status = 400
        else:
            games_page = Paginator(games, ARCHIVE_PAGE_SIZE).get_page(request.GET.get("page"))
    else:
        status = 400
    query = request.GET.copy()
    query.pop("page", None)
    context = {"form": form, "games_page": games_page, "query": query.urlencode()}
    return page(request, "games/archive.html", context, status=status)


@require_GET
def turn_count(request: HttpRequest) -> JsonResponse:
    if not request.user.is_authenticated:
        return JsonResponse({"error": "not_authenticated", "detail": "Log in first."}, status=401)
    return JsonResponse({"count": web_selectors.your_turn_count(user=request.user)})
