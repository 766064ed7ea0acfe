"""The import graph (issue 12, docs/architecture.md "Layering"): the site's apps import each other
without a cycle, and the modules inside each app import each other without one (issue 23), lazy
imports inside functions included; only the wiring package
`raumschach_site` imports the apps and no app imports it; `engine/` imports nothing of the
project or of Django; `games` never imports `bots`; the services of every app import nothing of
HTTP."""
from pathlib import Path

import pytest

from tests.architecture.imports import imported_modules, imported_project_modules, module_name

REPO = Path(__file__).resolve().parents[2]
APPS = ("core", "accounts", "games", "bots", "botapi", "chat", "conditionals", "notify",
        "ratings", "lobby", "analysis", "explorer", "tournaments", "engine")
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
                cycle = path + [node, nxt]
                return cycle[cycle.index(nxt):]
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


def module_graph(app: str) -> dict[str, set[str]]:
    """The modules of one app and which of them each imports (lazy imports included)."""
    paths = sources(app)
    known = {module_name(p, REPO) for p in paths}
    return {module_name(p, REPO): imported_project_modules(p, REPO, known) for p in paths}


def test_the_module_graph_resolves_relative_imports(tmp_path):
    package = tmp_path / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "services.py").write_text("from . import hooks\n")
    (package / "hooks.py").write_text("def f():\n    from .tasks import run\n")
    (package / "tasks.py").write_text("from app.services import play\n")
    paths = list(package.glob("*.py"))
    known = {module_name(p, tmp_path) for p in paths}
    graph = {module_name(p, tmp_path): imported_project_modules(p, tmp_path, known)
             for p in paths}
    assert find_cycle(graph) == ["app.hooks", "app.tasks", "app.services", "app.hooks"]


def test_imports_for_type_hints_only_make_no_cycle(tmp_path):
    package = tmp_path / "app"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "position.py").write_text("from . import notation\n")
    (package / "notation.py").write_text("from typing import TYPE_CHECKING\n"
                                         "if TYPE_CHECKING:\n    from .position import P\n")
    paths = list(package.glob("*.py"))
    known = {module_name(p, tmp_path) for p in paths}
    graph = {module_name(p, tmp_path): imported_project_modules(p, tmp_path, known)
             for p in paths}
    assert graph["app.notation"] == set() and find_cycle(graph) is None


@pytest.mark.parametrize("app", [a for a in PROJECT if (REPO / a).is_dir()])
def test_the_modules_inside_an_app_import_each_other_without_a_cycle(app):
    assert find_cycle(module_graph(app)) is None


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


def test_games_never_imports_the_explorer():
    # The explorer listens to games.signals; games must not know it is there.
    assert "explorer" not in app_graph()["games"]


def test_games_never_imports_tournaments():
    # Tournaments listen to games.signals; a game names its tournament by the model's label.
    assert "tournaments" not in app_graph()["games"]


@pytest.mark.parametrize("app", [a for a in APPS if a != "engine"])
def test_the_services_of_an_app_import_nothing_of_http(app):
    paths = [REPO / app / "services.py", *(REPO / app / "services").glob("*.py")]
    for path in (p for p in paths if p.exists()):
        http = [m for m in imported_modules(path) if m.startswith(("django.http", "rest_framework"))]
        assert http == [] and "HttpRequest" not in path.read_text(), str(path)
