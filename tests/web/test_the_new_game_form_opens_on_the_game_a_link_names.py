"""/new/?variant=<game> opens the new-game form with that game chosen (the lobby's and the
home page's "play this game" links); an unknown name leaves the default."""
import re

import pytest

from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db


def checked(page: str) -> list[str]:
    return re.findall(r'<input type="radio" name="variant" value="(\w+)"[^>]*\bchecked\b', page)


def test_the_named_game_is_chosen(alice):
    client = logged_in(alice)
    assert checked(client.get("/new/?variant=startrek").content.decode()) == ["startrek"]
    assert checked(client.get("/new/").content.decode()) == ["raumschach"]
    assert checked(client.get("/new/?variant=chess").content.decode()) == ["raumschach"]
