"""Every operation documents the 401 a bad or revoked token gets (issue 24, finding 6: 14 did
not), and every Bot API action documents its 400 (lichess's answer to a refused action)."""
import pytest

pytestmark = pytest.mark.django_db

METHODS = {"get", "put", "post", "patch", "delete"}


@pytest.fixture
def schema(anon):
    return anon.get("/api/schema/?format=json").json()


def operations(schema):
    for path, ops in schema["paths"].items():
        for method, op in ops.items():
            if method in METHODS:
                yield path, method, op


def test_every_operation_documents_401(schema):
    assert [f"{m.upper()} {p}" for p, m, op in operations(schema)
            if "401" not in op["responses"]] == []


def test_a_bad_token_is_401_even_on_a_public_read(anon):
    response = anon.get("/api/v1/bots/", HTTP_AUTHORIZATION="Token not-a-token")
    assert response.status_code == 401


def test_every_bot_api_action_documents_400(schema):
    actions = [(p, m, op) for p, m, op in operations(schema)
               if p.startswith("/api/") and not p.startswith("/api/v1/")
               and p not in ("/api/account", "/api/account/playing")]
    assert len(actions) > 15
    assert [f"{m.upper()} {p}" for p, m, op in actions if "400" not in op["responses"]] == []
