"""Under "Your challenges" a lobby seek reads as a seek in the lobby, not as an open
challenge link (which stays the label of a challenge shared by link)."""
import pytest

from games import services
from tests.web.conftest import logged_in

pytestmark = pytest.mark.django_db


def outgoing(page: str) -> str:
    start = page.index('id="outgoing-challenges"')
    return page[start:page.index("</table>", start)]


def test_a_seek_and_an_open_challenge_are_told_apart(alice):
    seek = services.challenge_create(challenger=alice, opponent=None, color="white",
                                     days_per_move=3, public=True)
    link = services.challenge_create(challenger=alice, opponent=None, color="black",
                                     days_per_move=3)
    rows = outgoing(logged_in(alice).get("/").content.decode())
    seek_row = rows[rows.index(f'data-challenge="{seek.pk}"'):]
    seek_row = seek_row[:seek_row.index("</tr>")]
    link_row = rows[rows.index(f'data-challenge="{link.pk}"'):]
    link_row = link_row[:link_row.index("</tr>")]
    assert "Your seek in the lobby" in seek_row and "Open challenge link" not in seek_row
    assert "Open challenge link" in link_row and f'href="/challenges/{link.pk}/"' in link_row
