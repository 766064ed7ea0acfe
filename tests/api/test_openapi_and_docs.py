"""The OpenAPI schema documents the public paths, and the docs page works offline."""
import pytest
import yaml

pytestmark = pytest.mark.django_db

PUBLIC_PATHS = [
    "/api/v1/accounts/signup/", "/api/v1/accounts/token/", "/api/v1/accounts/me/",
    "/api/v1/accounts/tokens/", "/api/v1/accounts/tokens/{token_id}/", "/api/v1/bots/",
    "/api/v1/challenges/", "/api/v1/challenges/{challenge_id}/accept/",
    "/api/v1/challenges/{challenge_id}/decline/", "/api/v1/challenges/{challenge_id}/cancel/",
    "/api/v1/games/", "/api/v1/games/{game_id}/", "/api/v1/games/{game_id}/moves/",
    "/api/v1/games/{game_id}/resign/", "/api/v1/games/{game_id}/draw/",
    "/api/v1/games/{game_id}/abort/", "/api/v1/games/{game_id}/export/",
    # The lichess-compatible Bot and Board API (botapi), streams included.
    "/api/account", "/api/account/playing", "/api/token/test",
    "/api/bot/account/upgrade", "/api/stream/event",
    "/api/bot/game/stream/{gameId}", "/api/board/game/stream/{gameId}",
    "/api/challenge/{username}", "/api/challenge/{challenge_id}/accept",
    "/api/challenge/{challenge_id}/decline", "/api/challenge/{challenge_id}/cancel",
    "/api/bot/game/{game_id}/move/{move}", "/api/bot/game/{game_id}/resign",
    "/api/bot/game/{game_id}/abort", "/api/bot/game/{game_id}/chat",
    "/api/board/game/{game_id}/move/{move}", "/api/board/game/{game_id}/resign",
    "/api/board/game/{game_id}/draw/{accept}",
]


def test_the_schema_lists_every_public_path(anon):
    response = anon.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.safe_load(response.content)
    assert schema["openapi"].startswith("3.")
    missing = [path for path in PUBLIC_PATHS if path not in schema["paths"]]
    assert missing == []
    assert "tokenAuth" in schema["components"]["securitySchemes"]


def test_the_docs_page_loads_its_assets_from_this_server(anon):
    response = anon.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "swagger-ui" in html and "/static/drf_spectacular_sidecar/" in html
    assert "cdn.jsdelivr.net" not in html


def test_the_schema_generates_without_warnings(tmp_path):
    from django.core.management import call_command

    # --fail-on-warn: an undocumented response or an unresolvable serializer fails the test.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file",
                 str(tmp_path / "schema.yml"))
    assert (tmp_path / "schema.yml").stat().st_size > 0
