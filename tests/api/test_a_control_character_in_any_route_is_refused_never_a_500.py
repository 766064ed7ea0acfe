"""Issue 38, finding 5: a NUL byte gave 500 on PostgreSQL in ~11 routes (`/api/users/status
?ids=a%00b`, `/api/v1/users/a%00b/`, `/players/a%00b/`, ...): PostgreSQL refuses NUL in text.

A sweep over every URL pattern of the site (the URL resolver walked, admin included): for every
method, each path parameter in turn holds a control character; with real path values, every
query parameter the schema documents holds one (and an undocumented one), every documented field
of a JSON body and of a form body holds one; and a token or session cookie holding one is sent.
No answer may be a 5xx; a control character in the path or query is the coded 400 of
raumschach_site.middleware (in the REST API's shape under /api/v1/, the Bot API's elsewhere
under /api/), one in a JSON body the parser's coded 400. Run it on
PostgreSQL (DATABASE_URL), where the 500s were."""
from __future__ import annotations

import json
import re
from collections import Counter
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from accounts import services as account_services
from games import services
from tests.site_fixtures import make_game, make_user

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db]

BAD_TEXTS = ("a\x00b", "\x01")
METHODS = ("get", "post", "put", "patch", "delete")


def _route_templates() -> list[str]:
    """Every URL pattern as a path with `{name}` for each parameter."""
    found: list[str] = []

    def walk(resolver: URLResolver, prefix: str) -> None:
        for entry in resolver.url_patterns:
            text = prefix + _template(entry.pattern)
            if isinstance(entry, URLResolver):
                walk(entry, text)
            elif isinstance(entry, URLPattern):
                found.append("/" + text)

    walk(get_resolver(), "")
    return sorted(set(found))


def _template(pattern) -> str:
    route = getattr(pattern, "_route", None)
    if route is not None:
        return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(route))
    text = pattern._regex.lstrip("^").rstrip("$")
    while "(?P<" in text:  # each named group becomes {name} (groups may nest)
        start = text.index("(?P<")
        name = text[start + 4:text.index(">", start)]
        depth, end = 0, start
        for end in range(start, len(text)):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            if depth == 0:
                break
        text = text[:start] + "{" + name + "}" + text[end + 1:]
    text = re.sub(r"\(\?:[^()]*\)\?", "", text)  # an optional group: left out
    text = re.sub(r"\(\?:([^|()]*)(?:\|[^()]*)?\)", r"\1", text)  # alternatives: the first
    return text.replace(".*", "").replace("\\", "")


@pytest.fixture
def site(db):
    alice = make_user("alice")
    alice.is_staff = alice.is_superuser = True
    alice.save()
    bob = make_user("bob")
    game = make_game(alice, bob)
    services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    challenge = services.challenge_create(challenger=bob, opponent=alice, color="white",
                                          days_per_move=None, rated=False)
    token, raw = account_services.api_token_create(user=alice, name="sweep")
    values = {"game_id": game.public_id, "username": "bob", "challenge_id": challenge.pk,
              "key": "raumschach", "token_id": str(token.pk), "token": "x", "move": "Cb2Cc2",
              "accept": "no", "action": "decline", "uidb64": "MQ", "rest": "",
              "object_id": "1", "app_label": "games", "content_type_id": "1", "id": "1",
              "url": "x"}
    session = Client(raise_request_exception=False)
    session.force_login(alice)
    token_client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {raw}")
    return values, [("anonymous", Client(raise_request_exception=False)), ("session", session),
                    ("token", token_client)]


def _documented(schema: dict) -> dict[tuple[str, str], tuple[list[str], list[str]]]:
    """(path template, method) -> (query parameter names, string fields of the JSON body)."""
    components = schema.get("components", {}).get("schemas", {})
    out = {}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            query = [p["name"] for p in operation.get("parameters", []) if p.get("in") == "query"]
            body = (operation.get("requestBody", {}).get("content", {})
                    .get("application/json", {}).get("schema", {}))
            if "$ref" in body:
                body = components.get(body["$ref"].rsplit("/", 1)[1], {})
            fields = [name for name, field in (body.get("properties") or {}).items()
                      if field.get("type") in ("string", None) and not field.get("readOnly")]
            out[(path, method)] = (query, fields)
    return out


def _fill(template: str, values: dict, bad: tuple[str, str] | None = None) -> str:
    def value(match: re.Match) -> str:
        name = match.group(1)
        text = bad[1] if bad and bad[0] == name else values.get(name, "x")
        return quote(text, safe="")
    return re.sub(r"\{(\w+)\}", value, template)


def test_every_route_refuses_control_characters_without_a_500(site):
    values, clients = site
    schema = json.loads(clients[1][1].get("/api/schema/", {"format": "json"}).content)
    documented = _documented(schema)
    templates = _route_templates()
    assert len(templates) > 150, templates  # the whole site, admin included
    statuses: Counter = Counter()
    failures: list[str] = []

    def send(client_name: str, client: Client, method: str, path: str, **kwargs) -> None:
        if "stream/" in path and method == "get" and "%00" not in path and "%01" not in path \
                and "?" not in path:
            return  # an NDJSON stream with nothing wrong in it would never end
        response = getattr(client, method)(path, **kwargs)
        statuses[response.status_code] += 1
        if response.status_code >= 500:
            failures.append(f"{client_name} {method.upper()} {path!r} {kwargs.get('data')!r}"
                            f" -> {response.status_code}")

    for template in templates:
        names = re.findall(r"\{(\w+)\}", template)
        for method in METHODS:
            query_names, body_fields = documented.get((template, method), ([], []))
            for bad in BAD_TEXTS:
                for client_name, client in clients:
                    for name in names:
                        send(client_name, client, method, _fill(template, values, (name, bad)))
                    path = _fill(template, values)
                    for name in [*query_names, "q"]:
                        send(client_name, client, method, f"{path}?{urlencode({name: bad})}")
                    send(client_name, client, method, f"{path}?{urlencode({bad: '1'})}")
                    if method == "get":
                        continue
                    for field in body_fields or ["text"]:
                        send(client_name, client, method, path, data=json.dumps({field: bad}),
                             content_type="application/json")
                        send(client_name, client, method, path, data=urlencode({field: bad}),
                             content_type="application/x-www-form-urlencoded")
    # Credentials holding a NUL: looked up by nobody, refused.
    for template in ("/api/v1/accounts/me/", "/api/account", "/api/v1/games/", "/profile/"):
        for scheme in ("Token", "Bearer"):
            send("bad token", Client(raise_request_exception=False,
                                          HTTP_AUTHORIZATION=f"{scheme} a\x00b"), "get", template)
        cookie = Client(raise_request_exception=False)
        cookie.cookies["sessionid"] = "abcdefgh\x00ijkl"
        send("bad cookie", cookie, "get", template)
    print(f"\nrequests: {sum(statuses.values())}, by status: {dict(sorted(statuses.items()))}")
    assert not failures, "\n".join(failures[:40]) + f"\n({len(failures)} in all)"
    assert statuses[400] > 0


@pytest.mark.parametrize("path", ["/api/users/status?ids=a%00b", "/api/v1/users/a%00b/",
                                  "/api/v1/challenges/a%00b/accept/", "/api/v1/games/?player=%07"])
def test_a_control_character_in_an_api_url_is_a_coded_400(site, path):
    _, clients = site
    response = clients[2][1].get(path) if "accept" not in path else clients[2][1].post(path)
    assert response.status_code == 400, response.content
    body = response.json()  # the REST API's shape, or the Bot API's (lichess's, with the code)
    assert (body.get("code") or body["error"]) == "control_characters", body


def test_a_control_character_in_a_page_url_is_a_400(site):
    _, clients = site
    for path in ("/players/a%00b/", "/archive/?player=a%00b", "/games/a%1fb/"):
        assert clients[0][1].get(path).status_code == 400, path


def test_a_nul_in_a_json_body_is_a_coded_400_and_a_line_break_is_not_refused(site):
    values, clients = site
    token = clients[2][1]
    chat = f"/api/v1/games/{values['game_id']}/chat/"
    refused = token.post(chat, data=json.dumps({"text": "hi\x00there"}),
                         content_type="application/json")
    assert refused.status_code == 400 and refused.json()["error"] == "control_characters"
    said = token.post(chat, data=json.dumps({"text": "two\nlines"}),
                      content_type="application/json")
    assert said.status_code in (200, 201), said.content
