"""The "Import a game" page (issue 44): a record pasted into a form, imported by the same
service as POST /api/v1/games/import/; a refusal is shown with its line and move, a success
goes to the game's replay page."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from core.errors import SiteError
from core.pages import error_status
from games import services
from games.web.forms import GameImportForm


@login_required
@require_http_methods(["GET", "POST"])
def game_import(request: HttpRequest) -> HttpResponse:
    form = GameImportForm(request.POST or None)
    status, refusal = 200, None
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_import(user=request.user, text=form.cleaned_data["text"])
        except SiteError as exc:  # a refused record, or the rate limit
            line = getattr(exc, "line", None)
            lines = form.cleaned_data["text"].splitlines()
            refusal = {"line": line, "move": getattr(exc, "move", None),
                       # the line at fault as pasted, so it can be found without counting
                       "text": lines[line - 1][:200] if line and line <= len(lines) else ""}
            form.add_error("text", exc.detail)
            status = error_status(exc)
        else:
            return redirect("replay", game_id=game.public_id)
    elif request.method == "POST":
        status = 400
    return render(request, "games/import.html", {"form": form, "refusal": refusal},
                  status=status)
