"""docker-compose.yml parses, has health checks, and every command names a real entry point.
(Nothing here can run Docker; this is what CI can check.)"""
from __future__ import annotations

import fnmatch
import importlib
import re
from pathlib import Path

import pytest
import yaml
from django.conf import settings
from django.core.management import get_commands

ROOT = Path(__file__).resolve().parents[2]
SERVICES = {"postgres", "redis", "migrate", "proxy", "web", "worker", "worker-deep",
            "worker-live", "worker-analysis", "beat"}
APP_SERVICES = ("migrate", "web", "worker", "worker-deep", "worker-live", "worker-analysis", "beat")


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def option(command: list[str], flag: str) -> str:
    return command[command.index(flag) + 1]


def queue_for(task_name: str) -> str:
    for pattern, route in settings.CELERY_TASK_ROUTES.items():
        if fnmatch.fnmatch(task_name, pattern):
            return route["queue"]
    from raumschach_site.celery import app

    return app.conf.task_default_queue


def test_the_compose_file_has_the_deployment_services(compose):
    assert set(compose["services"]) == SERVICES


def test_every_long_running_service_has_a_health_check(compose):
    for name in SERVICES - {"migrate"}:
        assert compose["services"][name]["healthcheck"]["test"], name


def test_the_app_services_build_the_one_dockerfile(compose):
    assert (ROOT / "Dockerfile").is_file()
    for name in APP_SERVICES:
        assert compose["services"][name]["build"] == "."


def test_the_app_services_wait_for_healthy_postgres_and_redis(compose):
    for name in APP_SERVICES:
        deps = compose["services"][name]["depends_on"]
        assert deps["postgres"]["condition"] == deps["redis"]["condition"] == "service_healthy"
    assert compose["services"]["web"]["depends_on"]["migrate"]["condition"] == \
        "service_completed_successfully"


def test_the_app_is_configured_through_the_settings_environment_variables(compose):
    env = compose["services"]["web"]["environment"]
    assert env["DATABASE_URL"].startswith("postgres://") and "@postgres:" in env["DATABASE_URL"]
    assert env["REDIS_URL"].startswith("redis://redis:")
    assert {"SECRET_KEY", "DEBUG", "ALLOWED_HOSTS"} <= set(env)


def test_migrate_runs_a_real_management_command(compose):
    command = compose["services"]["migrate"]["command"]
    assert command[:2] == ["python", "manage.py"] and (ROOT / "manage.py").is_file()
    assert command[2] in get_commands()


def test_web_runs_daphne_on_the_real_asgi_application(compose):
    for command in (compose["services"]["web"]["command"],
                    _dockerfile_cmd()):
        assert command[0] == "daphne"
        module_name, attribute = command[-1].split(":")
        assert (module_name, attribute) == ("raumschach_site.asgi", "application")
        assert callable(getattr(importlib.import_module(module_name), attribute))


def _dockerfile_cmd() -> list[str]:
    import json

    line = next(line for line in (ROOT / "Dockerfile").read_text().splitlines()
                if line.startswith("CMD "))
    return json.loads(line[len("CMD "):])


def test_the_worker_consumes_the_queues_of_bot_moves_and_the_sweep(compose):
    command = compose["services"]["worker"]["command"]
    assert command[:4] == ["celery", "-A", "raumschach_site", "worker"]
    from raumschach_site.celery import app

    assert importlib.import_module(option(command, "-A")).celery_app is app
    queues = set(option(command, "-Q").split(","))
    assert queue_for("bots.tasks.play_bot_move") == "bots"
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert queue_for(entry["task"]) in queues
    assert "bots" in queues


def test_every_queue_has_its_own_worker_and_analyses_and_deep_searches_run_niced(compose):
    """Fair share (issue 38): quick bot moves, deep searches and analyses each have a pool of
    workers no other kind of work can fill; the deep and analysis pools run at a lower
    priority than the quick replies (nice), analyses lowest."""
    from bots import lanes

    consumers = {}
    for name, service in compose["services"].items():
        command = service.get("command") or []
        if "worker" in command:
            for queue in option(command, "-Q").split(","):
                consumers.setdefault(queue, []).append((name, command))
    queues = {queue_for("analysis.tasks.analyse_game"), lanes.QUICK, lanes.DEEP}
    assert queues == {"analysis", "bots", "bots_deep"}
    for queue in queues:
        assert len(consumers.get(queue, [])) == 1, (queue, consumers.get(queue))
    workers = {queue: consumers[queue][0] for queue in queues}
    assert len({name for name, _ in workers.values()}) == 3  # three separate services

    def nice(command: list[str]) -> int:
        return int(option(command, "-n")) if command[0] == "nice" else 0

    assert nice(workers["bots"][1]) < nice(workers["bots_deep"][1]) < nice(
        workers["analysis"][1])


def test_beat_schedules_tasks_that_exist(compose):
    command = compose["services"]["beat"]["command"]
    assert command[:4] == ["celery", "-A", "raumschach_site", "beat"]
    from raumschach_site.celery import app

    app.loader.import_default_modules()  # autodiscovers each app's tasks.py, as beat does
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in app.tasks, entry["task"]


def test_the_proxy_is_the_only_published_port_and_uses_the_tested_proxy_rules(compose):
    proxy, web = compose["services"]["proxy"], compose["services"]["web"]
    assert "ports" not in web and proxy["ports"] == ["${PORT:-8000}:80"]
    mounts = {volume.split(":")[0]: volume.split(":")[1] for volume in proxy["volumes"]}
    assert set(mounts) == {"./deploy/nginx.conf", "./deploy/proxy.conf"}
    assert all((ROOT / path).is_file() for path in mounts)
    # deploy/nginx.conf includes proxy.conf where compose mounts it, and points it at `web`.
    conf = (ROOT / "deploy/nginx.conf").read_text()
    assert f"include {mounts['./deploy/proxy.conf']};" in conf
    assert "set $raumschach_web http://web:8000;" in conf
    # The per-address limits proxy.conf applies (issue 38) name zones nginx.conf defines.
    proxy_rules = (ROOT / "deploy/proxy.conf").read_text()
    for zone in re.findall(r"^limit_(?:conn|req) (?:zone=)?(\w+)", proxy_rules, re.M):
        assert re.search(rf"^limit_(?:conn|req)_zone \S+ zone={zone}:", conf, re.M), zone
    assert "limit_conn raumschach_conn" in proxy_rules
    assert "limit_req zone=raumschach_req" in proxy_rules
