"""Staff moderate the chat in the admin: they list and delete lines, and cannot edit or add."""
import pytest
from django.contrib.auth import get_user_model

from chat import services
from chat.models import ChatMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(get_user_model().objects.create_superuser("root", "r@example.org", "pw"))
    return client


def test_staff_delete_a_line(staff_client, game, bob):
    line = services.chat_post(game=game, user=bob, text="<b>rude</b>")
    listing = staff_client.get("/admin/chat/chatmessage/")
    assert listing.status_code == 200 and b"&lt;b&gt;rude&lt;/b&gt;" in listing.content
    response = staff_client.post(f"/admin/chat/chatmessage/{line.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not ChatMessage.objects.filter(pk=line.pk).exists()


def test_lines_cannot_be_added_or_edited_in_the_admin(staff_client, game, bob):
    line = services.chat_post(game=game, user=bob, text="hello")
    assert staff_client.get("/admin/chat/chatmessage/add/").status_code == 403
    staff_client.post(f"/admin/chat/chatmessage/{line.pk}/change/", {"text": "edited"})
    line.refresh_from_db()
    assert line.text == "hello"
