"""Every page of the site, opened with real objects behind it (issue 39), fits the screen of a
390x844 phone and of a 1366x900 laptop (`document.documentElement.scrollWidth <= innerWidth`,
and both no wider than the screen:
nothing scrolls the page sideways; a wide table or code block scrolls inside itself) and logs no
console error (a failed request such as the replay's 404 for an analysis never made, a script
error, a CSP violation).

The list of pages is checked against Django's URL resolver: every route is either opened here
(PAGES) or excluded with a reason (EXCLUDED), so a new page cannot be forgotten. A game page
and a replay are opened for a game of each of the four games (each draws its own board)."""
from __future__ import annotations

import json
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.browser.conftest import ARTIFACTS, PASSWORD

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}

# Route (as the resolver spells it) -> the pages opened for it: (path, who), `who` being
# "anon" (logged out), "person" (a player of both games below) or "other" (a second player).
# Paths name the objects made by _arrange: {person}, {bot}, {running}, {finished}, {imported},
# {challenge}, {reset_uid}, {reset_token}, {unsubscribe}, {verify}, {tournament}; a path with
# {key} is opened once per game, {running_of_key} / {finished_of_key} being a running and a
# finished game of that game (each game draws its own board: cube, hexagons, Star Trek's stand).
PAGES: dict[str, list[tuple[str, str]]] = {
    "": [("/", "anon"), ("/", "person")],
    "profile/": [("/profile/", "person")],
    "players/<str:username>/": [("/players/{person}/", "anon"), ("/players/{bot}/", "person")],
    "new/": [("/new/", "person")],
    "challenges/<str:challenge_id>/": [("/challenges/{challenge}/", "person"),
                                       ("/challenges/{challenge}/", "other")],
    "games/<str:game_id>/": [("/games/{running}/", "person"), ("/games/{running}/", "anon"),
                             ("/games/{finished}/", "person"), ("/games/{live}/", "person"),
                             ("/games/{live}/", "anon"), ("/games/{running_of_key}/", "person"),
                             ("/games/{finished_of_key}/", "anon")],
    "games/<str:game_id>/replay/": [("/games/{finished}/replay/", "person"),
                                    ("/games/{finished}/replay/", "anon"),
                                    ("/games/{running}/replay/", "person"),
                                    ("/games/{finished_of_key}/replay/", "person"),
                                    ("/games/{imported}/replay/", "anon")],
    "your-turn/next/": [("/your-turn/next/", "person")],
    "archive/": [("/archive/", "anon"), ("/archive/?player={person}", "person")],
    "import/": [("/import/", "person")],
    "rules/": [("/rules/", "anon")],
    "rules/<slug:key>/": [("/rules/{key}/", "anon")],
    "rules/<slug:key>/full/": [("/rules/{key}/full/", "anon")],
    "leaderboard/": [("/leaderboard/", "anon")],
    "leaderboard/<str:variant>/": [("/leaderboard/{key}/", "anon")],
    "tv/": [("/tv/", "anon")],
    "signup/": [("/signup/", "anon")],
    "login/": [("/login/", "anon")],
    "password/": [("/password/", "person")],
    "password/reset/": [("/password/reset/", "anon")],
    "password/reset/sent/": [("/password/reset/sent/", "anon")],
    "password/reset/<uidb64>/<token>/": [("/password/reset/{reset_uid}/{reset_token}/", "anon")],
    "password/reset/done/": [("/password/reset/done/", "anon")],
    "mail/settings/": [("/mail/settings/", "person")],
    "mail/unsubscribe/<str:token>/": [("/mail/unsubscribe/{unsubscribe}/", "anon")],
    "mail/verify/<str:token>/": [("/mail/verify/{verify}/", "anon")],
    "analysis/": [("/analysis/", "anon"), ("/analysis/?game={finished}", "person")],
    "editor/": [("/editor/", "anon")],
    "editor/<slug:key>/": [("/editor/{key}/", "anon"), ("/editor/{key}/", "person")],
    "api/docs/": [("/api/docs/", "anon")],
    "tournaments/": [("/tournaments/", "anon"), ("/tournaments/", "person")],
    "training/": [("/training/", "anon"), ("/training/", "person")],
    "training/<str:variant>/": [("/training/{key}/", "anon"), ("/training/{key}/", "person")],
    "tournaments/<str:tournament_id>/": [("/tournaments/{tournament}/", "anon"),
                                         ("/tournaments/{tournament}/", "person")],
}

# Routes that are no page a person opens, each with the reason.
EXCLUDED_PREFIXES = {
    "admin/": "Django's admin: staff only, Django's own pages",
    "api/v1/": "the REST API: JSON answers, not pages (its documentation page is opened)",
    "api/": "the bot API (lichess-compatible): JSON and streams, not pages",
    "game/export/": "a game's text export: a download, not a page",
    "^game/export/": "a game's text export (and its old integer ids' redirects): not a page",
}
EXCLUDED = {
    "api/schema/": "the OpenAPI schema: a YAML download (api/docs/ renders it)",
    "logout/": "POST only: a form's action",
    "language/": "POST only: the header's language switch (tests/i18n)",
    "jsi18n/": "Django's JavaScript catalogue: a script every page loads, not a page",
    "games/<str:game_id>/rematch/": "POST only: a form's action",
    "^challenges/(?P<challenge_id>[^/]+)/(?P<action>accept|decline|cancel)/$": "POST only",
    "profile/tokens/": "POST only: makes an API token from the profile's form",
    "profile/tokens/<int:token_id>/revoke/": "POST only",
    "mail/settings/vacation/": "POST only: a form's action",
    "mail/settings/verify/": "POST only: a form's action",
    "favicon.ico": "an image, not a page",
    "tournaments/<str:tournament_id>/join/": "POST only: a form's action",
    "tournaments/<str:tournament_id>/withdraw/": "POST only: a form's action",
    "tournaments/<str:tournament_id>/start/": "POST only: a form's action",
    "tournaments/<str:tournament_id>/bots/": "POST only: a form's action",
    "your-turn/count/": "JSON for the header's count, not a page",
    "^(?P<game_id>[A-Za-z0-9]{8})/?$": "lichess's short game link: a redirect to the game's page",
    "^(?P<game_id>[A-Za-z0-9]{8})/(?P<color>white|black)/?$":
        "lichess's short game link with a side: a redirect to the game's page",
}

VARIANTS = ["raumschach", "fiveup", "hexraumschach", "startrek"]


def _routes(resolver: URLResolver | None = None, prefix: str = ""):
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)


def _excluded(route: str) -> bool:
    return route in EXCLUDED or any(route.startswith(p) for p in EXCLUDED_PREFIXES)


def test_every_route_is_opened_or_excluded_with_a_reason():
    routes = set(_routes())
    forgotten = sorted(r for r in routes if r not in PAGES and not _excluded(r))
    assert not forgotten, f"pages nobody opens here: add them to PAGES or EXCLUDED: {forgotten}"
    assert not set(PAGES) - routes, "PAGES names routes the site no longer has"
    assert not set(EXCLUDED) - routes, "EXCLUDED names routes the site no longer has"


ARRANGE = """
import json
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from games.models import Game
from games.services import challenges, play
from notify import unsubscribe, verification
person = User.objects.create_user({person!r}, email={person!r} + "@example.com", password={password!r})
other = User.objects.create_user({other!r}, password={password!r})
running = Game.objects.create(white=person, black=other)
finished = Game.objects.create(white=person, black=other)
for ply, (user, move) in enumerate([(person, "Bc2Cc2"), (other, "Dc4Cc4"), (person, "Ab1Aa3")]):
    play.game_play_move(game=finished, user=user, move=move, ply=ply)
    finished.refresh_from_db()
play.game_resign(game=finished, user=other)
# An imported record (issue 44): its replay names the record's players, the archive marks it.
from games.services import imports
imported = imports.game_import(user=person, text=chr(10).join([
    '[White "A long imported name, as records have"]', '[Black "Another"]', '',
    '1. Bb2-Cb2 Dc4-Dc3 2. NAb1-Aa3 0-1']))
challenge = challenges.challenge_create(challenger=person, opponent=None, color="white", days_per_move=None)
# A live game (issue 46): its page has the two clocks round the board.
live = challenges.challenge_accept(challenge=challenges.challenge_create(
    challenger=person, opponent=other, color="white", days_per_move=None, clock_limit=180,
    clock_increment=2), user=other)
from tournaments import services as tournaments
cup = tournaments.tournament_create(creator=person, name="Every page cup " + {person!r}, variant="raumschach",
                                    system="swiss", rounds=1, days_per_move=3)
for user in (person, other):
    tournaments.tournament_join(tournament_id=cup.pk, user=user)
tournaments.tournament_start(tournament_id=cup.pk, user=person)
# A running and a finished game of each game, two moves in (the engine's own legal moves).
import engine
from games.variants import move_coord
running_of, finished_of = {{}}, {{}}
for key in ("raumschach", "fiveup", "hexraumschach", "startrek"):
    for made in (running_of, finished_of):
        game = challenges.challenge_accept(challenge=challenges.challenge_create(
            challenger=person, opponent=other, color="white", days_per_move=None, variant=key),
            user=other)
        position = engine.Position.start(engine.VARIANTS[key])
        for ply, user in enumerate((person, other)):
            move = position.legal_moves()[0]
            play.game_play_move(game=game, user=user, move=move_coord(position, move), ply=ply)
            position.push(move)
            game.refresh_from_db()
        made[key] = game.public_id
    play.game_resign(game=Game.objects.get(public_id=finished_of[key]), user=other)
print(json.dumps({{
    "running": running.public_id, "finished": finished.public_id, "challenge": challenge.pk,
    "live": live.public_id, "tournament": cup.pk, "imported": imported.public_id,
    "running_of": running_of, "finished_of": finished_of,
    "reset_uid": urlsafe_base64_encode(force_bytes(person.pk)),
    "reset_token": default_token_generator.make_token(person),
    "unsubscribe": unsubscribe.make_token(user_id=person.pk, kind="digest"),
    "verify": verification.make_token(user_id=person.pk, email=person.email, verified_email=""),
}}))
"""


def _arrange(server_process, person: str, other: str) -> dict:
    made = json.loads(server_process.shell(ARRANGE.format(person=person, other=other, password=PASSWORD)))
    return {**made, "person": person, "bot": "hard-bot"}


def _pages(objects: dict) -> list[tuple[str, str]]:
    pages = []
    for route, entries in PAGES.items():
        for path, who in entries:
            keys = VARIANTS if "key}" in path else [None]
            pages += [(path.format(**objects, key=key,
                                   running_of_key=objects["running_of"].get(key),
                                   finished_of_key=objects["finished_of"].get(key)), who)
                      for key in keys]
    return pages


def _open_all(make_player, server_process, viewport: dict, name: str) -> None:
    person = make_player(f"{name}-p", viewport=viewport, touch=viewport is PHONE)
    other = make_player(f"{name}-o", viewport=viewport, touch=viewport is PHONE)
    anon = make_player(f"{name}-a", viewport=viewport, touch=viewport is PHONE)
    objects = _arrange(server_process, person.username, other.username)
    person.log_in()
    other.log_in()
    browsers = {"person": person, "other": other, "anon": anon}
    console: list[str] = []
    for player in browsers.values():
        # Every console error (make_player records only script errors and CSP violations).
        player.page.on("console", lambda message, p=player: console.append(
            f"{p.page.url}: {message.text}") if message.type == "error" else None)
    too_wide = []
    for path, who in _pages(objects):
        page = browsers[who].page
        response = page.goto(browsers[who].base + path)
        assert response is not None and response.status < 400, (path, who, response and response.status)
        page.wait_for_load_state("networkidle")
        # A phone's browser widens its layout viewport to a page too wide (innerWidth grows
        # with it): the screen's width is the measure.
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        if max(width) > viewport["width"]:
            too_wide.append((path, who, width))
            page.screenshot(path=str(ARTIFACTS / f"too-wide-{name}-{re.sub(r'[^a-z0-9]+', '-', path)}.png"))
    assert len(_pages(objects)) >= 63  # every page above was opened
    assert not too_wide and not console, {"wider than the screen": too_wide, "console errors": console}


@pytest.mark.browser
@pytest.mark.live_server_process
def test_every_page_fits_a_phone_without_a_console_error(make_player, server_process):
    _open_all(make_player, server_process, PHONE, "phone")


@pytest.mark.browser
@pytest.mark.live_server_process
def test_every_page_fits_a_laptop_without_a_console_error(make_player, server_process):
    _open_all(make_player, server_process, LAPTOP, "laptop")
