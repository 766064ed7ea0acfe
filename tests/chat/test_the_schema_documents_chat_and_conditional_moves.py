"""The OpenAPI schema documents the chat, conditional-move and rematch endpoints (issue 14)."""
import pytest
import yaml

pytestmark = pytest.mark.django_db

PATHS = {
    "/api/v1/games/{game_id}/chat/": {"get", "post"},
    "/api/v1/games/{game_id}/chat/mute/": {"post"},
    "/api/v1/games/{game_id}/conditional-moves/": {"get", "put", "delete"},
    "/api/v1/games/{game_id}/conditional-moves/preview/": {"get"},
    "/api/v1/games/{game_id}/rematch/": {"post"},
}


def test_the_schema_lists_the_chat_and_conditional_move_paths(anon):
    schema = yaml.safe_load(anon.get("/api/schema/").content)
    for path, methods in PATHS.items():
        assert methods <= set(schema["paths"][path]), path
    chat_post = schema["paths"]["/api/v1/games/{game_id}/chat/"]["post"]
    assert {"201", "400", "403", "429"} <= set(chat_post["responses"])
