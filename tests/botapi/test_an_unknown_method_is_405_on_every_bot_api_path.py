"""A method a Bot API path does not have (TRACE, PUT...) is 405 with an Allow header, whoever
asks (issue 24, finding 6: a person's token on a bot path answered 400, the role check)."""
import pytest

from tests.botapi.conftest import bearer_client
from tests.site_fixtures import make_user

pytestmark = pytest.mark.django_db

PATHS = ["/api/account", "/api/account/playing", "/api/bot/game/Ab12Cd34/move/Bb2Cb2",
         "/api/board/game/Ab12Cd34/resign", "/api/bot/game/Ab12Cd34/chat", "/api/challenge/bob",
         "/api/bot/account/upgrade", "/api/token/test"]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("method", ["TRACE", "PUT", "PATCH"])
def test_a_method_the_path_lacks_is_405(path, method):
    client = bearer_client(make_user("person"))
    response = client.generic(method, path)
    assert response.status_code == 405, (response.status_code, response.content)
    assert response["Allow"]
    assert response.json()["code"] == "method_not_allowed"
