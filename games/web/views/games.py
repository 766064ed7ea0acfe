"""The game page and the replay page: what a game looks like to a player or a spectator."""
from __future__ import annotations

from urllib.parse import quote

from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import analysis_hook, selectors, services, terminations
from games.errors import NotFound
from games.positions import variant_of
from games.web import selectors as web_selectors
from games.web.variants import options_shown, piece_urls, variant_descriptor


def describe_result(game) -> str:
    """How `game` ended, in a sentence (the game page's script says the same: gameinfo.js)."""
    if game.status == "aborted":
        return _("Game aborted.")
    live = getattr(game, "clock_limit", None) is not None
    if live and game.termination == "timeout" and game.result in terminations.ON_TIME:
        return str(terminations.ON_TIME[game.result])
    if game.result not in terminations.WON:
        return _("Game over.")
    how = terminations.WORDS.get(game.termination, game.termination)
    if not how:
        return str(terminations.WON[game.result])
    return str(terminations.WON_BY[game.result]) % {"how": how}



def _load_game(game_id: str):
    game = selectors.game_get_by_ref(ref=game_id)
    services.game_expire_if_due(game=game)  # a read may end a game whose deadline passed
    return game


def _to_public_url(request: HttpRequest, name: str, game) -> HttpResponse:
    """An old integer URL of a game page: a permanent redirect to its public id's."""
    url = reverse(name, args=[game.public_id])
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url)


def _game_context(request: HttpRequest, game, descriptor: dict) -> dict:
    gid = game.public_id  # every URL and the page's script name the game by it
    draw_url = reverse("api-game-draw", args=[gid])
    takeback_url = reverse("api-game-takeback", args=[gid])
    return {
        "game_id": gid,
        "my_color": game.player_color(request.user),
        "logged_in": request.user.is_authenticated,
        "start_fen": game.start_fen,
        "piece_urls": piece_urls(descriptor),
        "bots": sorted(web_selectors.bot_usernames(game.white.username, game.black.username)),
        # How a game ended, for describeResult, in the page's language.
        "termination_words": {key: str(words) for key, words in terminations.WORDS.items()},
        "on_time": {result: str(text) for result, text in terminations.ON_TIME.items()},
        # The page script's takeback sentences, translated here (the script keeps no words).
        "takeback_words": {
            "yours": _("You proposed a takeback."),
            "theirs": _("Your opponent proposes a takeback."),
            "declined": _("Your takeback proposal was declined."),
            "done": _("A move was taken back."),
        },
        "urls": {
            "state": reverse("api-game", args=[gid]),
            "moves": reverse("api-game-moves", args=[gid]),
            "attackers": reverse("api-game-attackers", args=[gid]),
            # A live game's premove cells, "play again" and the offers waiting (issue 46).
            "reach": reverse("api-variant-reach", args=[game.variant]),
            "rematch": reverse("api-game-rematch", args=[gid]),
            "challenges": reverse("api-challenges"),
            "socket": f"/ws/games/{gid}/",
            "chat": reverse("api-game-chat", args=[gid]),
            "chat_mute": reverse("api-game-chat-mute", args=[gid]),
            "conditional": reverse("api-game-conditional-moves", args=[gid]),
            "conditional_preview": reverse("api-game-conditional-preview", args=[gid]),
            "actions": {
                "resign": {"url": reverse("api-game-resign", args=[gid])},
                "abort": {"url": reverse("api-game-abort", args=[gid])},
                "offer_draw": {"url": draw_url, "body": {"action": "offer"}},
                "accept_draw": {"url": draw_url, "body": {"action": "accept"}},
                "decline_draw": {"url": draw_url, "body": {"action": "decline"}},
                "offer_takeback": {"url": takeback_url, "body": {"action": "offer"}},
                "accept_takeback": {"url": takeback_url, "body": {"action": "accept"}},
                "decline_takeback": {"url": takeback_url, "body": {"action": "decline"}},
            },
        },
    }


@require_GET
def game_page(request: HttpRequest, game_id: str) -> HttpResponse:
    try:
        game = _load_game(game_id)
    except NotFound as exc:
        return render(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    if game_id != game.public_id:
        return _to_public_url(request, "game", game)
    if game.imported:  # a record, never played here: nothing to play or watch, only replay
        return redirect("replay", game_id=game.public_id)
    descriptor = variant_descriptor(game.variant)
    state = selectors.game_state(game, request.user)
    context = {
        "game": game,
        "state": state,
        "clock_sides": _clock_sides(game, state, game.player_color(request.user)),
        "context": _game_context(request, game, descriptor),
        "my_color": game.player_color(request.user),
        "variant": descriptor,
        "variant_options": options_shown(descriptor, game.variant_options),
        "challenge_links": _challenge_links(request, game),
        # The move box's example: a coordinate move of this game's variant (Bc2Cc2 on the cube).
        "move_example": variant_of(game).move_examples[1][0],
    }
    return render(request, "games/game.html", context)


def _clock_sides(game, state: dict, my_color: str | None) -> list[dict]:
    """A live game's two clocks, top then bottom: the viewer's own at the bottom, as the board
    is turned (White's for a spectator)."""
    bottom = my_color or "white"
    top = "black" if bottom == "white" else "white"
    clock = state.get("clock") or {}
    return [{"position": position, "color": color, "player": getattr(game, color),
             "mine": color == my_color, "ms": clock.get(color)}
            for position, color in (("top", top), ("bottom", bottom))]


def _challenge_links(request: HttpRequest, game) -> list[tuple[str, str]]:
    """A logged-in spectator's "Challenge <player>" links (a bot through the bot form)."""
    if not request.user.is_authenticated or game.player_color(request.user):
        return []
    bots = web_selectors.bot_usernames(game.white.username, game.black.username)
    new_game = reverse("new_game")
    return [(user.username, f"{new_game}?{'bot' if user.username in bots else 'opponent'}="
                            f"{quote(user.username)}")
            for user in (game.white, game.black)]


def _analysis_url(game_id: str) -> str | None:
    """The game's computer analysis endpoint, when the site has the analysis app (games only
    names its route; it imports nothing of it)."""
    try:
        return reverse("api-game-analysis", args=[game_id])
    except NoReverseMatch:
        return None


@require_GET
def replay_page(request: HttpRequest, game_id: str) -> HttpResponse:
    try:
        game = _load_game(game_id)
    except NotFound as exc:
        return render(request, "games/not_found.html", {"detail": exc.detail}, status=404)
    if game_id != game.public_id:
        return _to_public_url(request, "replay", game)
    state = selectors.game_replay(game)
    descriptor = variant_descriptor(game.variant)
    context = {"game": game, "state": state, "result_text": describe_result(game),
               "variant": descriptor,
               "variant_options": options_shown(descriptor, game.variant_options),
               # Black replays from Black's side, as the game page showed it (issue 29 item 12).
               "context": {"game_id": game.public_id, "piece_urls": piece_urls(descriptor),
                           "my_color": game.player_color(request.user),
                           "can_request_analysis": (request.user.is_authenticated
                                                    and game.status != "active"),
                           # The page reads the analysis only when there is one: a game never
                           # analysed, or still being played, costs no request (issue 39).
                           "has_analysis": (game.status != "active"
                                            and analysis_hook.analysis_exists(game)),
                           "urls": {"analysis": _analysis_url(game.public_id),
                                    "socket": f"/ws/games/{game.public_id}/"}}}
    return render(request, "games/replay.html", context)
