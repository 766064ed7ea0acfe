"""The home page's lobby shows the oldest HOME_SEEKS open seeks and says when more are waiting
(issue 30: rendering 200 rows was most of the page's cost); the API lists up to 200."""
from games import services
from games.web.views.challenges import HOME_SEEKS
from tests.site_fixtures import make_user


def post_seeks(count: int) -> list[str]:
    ids = []
    for i in range(count):
        seek = services.challenge_create(challenger=make_user(f"seeker{i}"), opponent=None,
                                         color="random", days_per_move=None, public=True)
        ids.append(seek.pk)
    return ids


def test_the_oldest_seeks_are_shown_and_the_rest_announced(alice_client):
    ids = post_seeks(HOME_SEEKS + 2)
    page = alice_client.get("/").content.decode()
    shown = [seek for seek in ids if f'data-seek="{seek}"' in page]
    assert shown == ids[:HOME_SEEKS]
    assert "more are waiting" in page
    assert len(alice_client.get("/api/v1/seeks/").json()) == HOME_SEEKS + 2


def test_no_announcement_when_every_seek_is_shown(alice_client):
    ids = post_seeks(2)
    page = alice_client.get("/").content.decode()
    assert all(f'data-seek="{seek}"' in page for seek in ids)
    assert "more are waiting" not in page
