"""What the site header needs on every page: the live "your turn" count. Lazy, so a page that
does not show it (a signed-out visitor's) costs no query."""
from __future__ import annotations

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.web import selectors as web_selectors


def turn_count(request: HttpRequest) -> dict:
    return {"turn_count": SimpleLazyObject(
        lambda: web_selectors.your_turn_count(user=request.user))}
