"""The board editor (/editor/, /editor/<variant>/): put and take pieces on every level, the side
to move, the pieces still unmoved (Five Up's placement rights, Star Trek's pawns' two-step), the
reserves, Star Trek's attack boards on any pin; the position string in the URL; its legality
asked of the server as it changes (GET /api/v1/variants/<key>/validate/); then analyse it, play
it against a bot or challenge a friend from it (the new-game form with the position).  The
page's script is analysis/static/analysis/js/board_editor.js."""
from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import selectors as game_selectors
from games.web.selectors import bots_available
from games.variants import variant_get, variant_json, variant_keys
from games.web.variants import piece_urls, variant_descriptor


def _strings() -> dict[str, str]:
    """Every word the script shows (translated here: the site has no JavaScript catalogue)."""
    return {
        "valid": _("Legal position: a game can start from it."),
        "mate": _("Legal position, but the side to move has no move: it can be analysed, not played."),
        "checking": _("Checking…"),
        "illegal": _("Illegal position:"),
        "malformed": _("Not a position string of this game:"),
        "empty": _("Empty"),
        "eraser": _("Remove a piece"),
        "white": _("White"),
        "black": _("Black"),
        "placed": _("%(piece)s put on %(cell)s"),
        "removed": _("%(cell)s emptied"),
        "board_moved": _("Attack board moved from %(from)s to %(to)s"),
        "board_picked": _("Attack board %(pin)s picked up: click a free pin to put it there."),
        "copied": _("Position string copied."),
        "in_hand": _("%(colour)s in hand"),
        "no_server": _("The server could not be asked; try again."),
    }


@require_GET
def board_editor_index(request: HttpRequest) -> HttpResponse:
    return render(request, "analysis/editor_index.html",
                  {"variants": [variant_json(key) for key in variant_keys()]})


@require_GET
def board_editor(request: HttpRequest, key: str) -> HttpResponse:
    if key not in variant_keys():
        return render(request, "games/not_found.html",
                      {"detail": _("No board editor for “%(key)s”. Known games: %(known)s.")
                       % {"key": key, "known": ", ".join(variant_keys())}}, status=404)
    variant = variant_get(key)
    fen = (request.GET.get("fen") or "").strip() or variant.start_fen
    report = game_selectors.position_setup(key=variant.key, fen=fen)
    # An illegal set-up is a normal state while editing (drawn, its reason shown); a string
    # that does not read cannot be drawn: said over the start position, status 400.
    error, status = "", 200
    if report["code"] == "bad_position":
        error, status, fen = report["reason"], 400, variant.start_fen
        report = game_selectors.position_setup(key=variant.key, fen=fen)
    descriptor = variant_descriptor(variant.key)
    context = {
        "variant_key": variant.key,
        "fen": report["fen"] or fen,
        "start_fen": variant.start_fen,
        "report": report,
        "piece_urls": piece_urls(descriptor),
        "strings": _strings(),
        "urls": {
            "validate": reverse("api-variant-validate", args=[variant.key]),
            "editor": reverse("board_editor_variant", args=[variant.key]),
            "analysis": reverse("analysis_board"),
            "new_game": reverse("new_game"),
        },
    }
    return render(request, "analysis/editor.html",
                  {"variant": descriptor, "editor": context, "error": error,
                   "bots": [b for b in bots_available() if not b["external"]],
                   "variants": [variant_json(k) for k in variant_keys()]},
                  status=status)
