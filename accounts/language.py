"""The account's language (issue 45): chosen with the header's switch, stored on the profile,
kept in the session from log-in on, and used for every page and mail of the account.

Django's LocaleMiddleware picks a language before anyone is authenticated (the
`django_language` cookie, else the browser's Accept-Language); `AccountLanguageMiddleware`
then lets a logged-in account's stored choice win. It reads the choice from the session
(where log-in and the switch put it), so a page costs no extra query.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

SESSION_KEY = "account_language"


def is_site_language(code: str | None) -> bool:
    return bool(code) and code in dict(settings.LANGUAGES)


def language_of(user) -> str:
    """The language to write to `user` in (a mail): the account's choice, else the site's."""
    profile = getattr(user, "account_profile", None) if user is not None else None
    code = getattr(profile, "language", "") if profile is not None else ""
    return code if is_site_language(code) else settings.LANGUAGE_CODE


@contextmanager
def in_language_of(user) -> Iterator[None]:
    """Text made inside (a mail's subject and body) is in `user`'s language."""
    with translation.override(language_of(user)):
        yield


def remember_in_session(request: HttpRequest, code: str) -> None:
    if is_site_language(code):
        request.session[SESSION_KEY] = code
    else:
        request.session.pop(SESSION_KEY, None)


class AccountLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        code = session.get(SESSION_KEY) if session is not None else None
        if is_site_language(code):
            translation.activate(code)
            request.LANGUAGE_CODE = code
        return self.get_response(request)
