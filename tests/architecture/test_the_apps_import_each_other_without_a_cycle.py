"""The import graph (issue 12, docs/architecture.md "Layering"): the site's apps import each other
without a cycle, lazy imports inside functions included; only the wiring package
`raumschach_site` imports the apps and no app imports it; `engine/` imports nothing of the
project or of Django; `games` never imports `bots`; the services of every app import nothing of
HTTP."""
from pathlib import Path

import pytest

from tests.architecture.imports import imported_modules

REPO = Path(__file__).resolve().parents[2]
APPS = ("core", "accounts", "games", "bots", "botapi", "chat", "conditionals", "notify",
        "ratings", "lobby", "engine")
PROJECT = (*APPS, "raumschach_site")


def sources(package: str):
    return [p for p in (REPO / package).rglob("*.py") if "migrations" not in p.parts]


def app_graph() -> dict[str, set[str]]:
    graph = {}
    for app in (a for a in PROJECT if (REPO / a).is_dir()):
        graph[app] = {m.split(".")[0] for path in sources(app) for m in imported_modules(path)
                      if m.split(".")[0] in PROJECT and m.split(".")[0] != app}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return path + [node, nxt]
            if nxt not in state and (found := visit(nxt, path + [node])):
                return found
        state[node] = "done"
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start, [])):
            return found
    return None


def test_the_finder_sees_a_cycle_when_there_is_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_apps_import_each_other_without_a_cycle():
    assert find_cycle(app_graph()) is None


def test_no_app_imports_the_wiring_package():
    graph = app_graph()
    assert {app: "raumschach_site" for app in APPS if "raumschach_site" in graph.get(app, ())} == {}


def test_the_engine_imports_nothing_of_the_project_or_of_django():
    offenders = {str(p.relative_to(REPO)): sorted(m for m in imported_modules(p)
                                                  if m.split(".")[0] in (*PROJECT, "django")
                                                  and m.split(".")[0] != "engine")
                 for p in sources("engine")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_games_never_imports_bots():
    assert "bots" not in app_graph()["games"]


@pytest.mark.parametrize("app", [a for a in APPS if a != "engine"])
def test_the_services_of_an_app_import_nothing_of_http(app):
    paths = [REPO / app / "services.py", *(REPO / app / "services").glob("*.py")]
    for path in (p for p in paths if p.exists()):
        http = [m for m in imported_modules(path) if m.startswith(("django.http", "rest_framework"))]
        assert http == [] and "HttpRequest" not in path.read_text(), str(path)
