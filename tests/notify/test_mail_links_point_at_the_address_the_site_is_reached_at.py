"""Links in mails point at the site's real address (issue 29 item 1): SITE_URL when it is set;
else the host the person's request came to; else HOST/PORT, where the server listens. On the
embedded set-up (console backend) each mail also prints one line with its link (item 3)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail
from django.test import Client

from accounts import services as account_services

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def _default_site_url(env: dict[str, str]) -> str:
    code = ("import os; os.environ['DJANGO_SETTINGS_MODULE']='raumschach_site.settings';"
            "from django.conf import settings; print(settings.SITE_URL)")
    clean = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "HOST", "PORT"}}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, check=True).stdout.strip()


def test_without_site_url_links_follow_the_port_the_server_listens_on() -> None:
    assert _default_site_url({"PORT": "8080"}) == "http://127.0.0.1:8080"
    assert _default_site_url({"HOST": "0.0.0.0", "PORT": "8080"}) == "http://127.0.0.1:8080"
    assert _default_site_url({"HOST": "192.168.1.20", "PORT": "9000"}) == "http://192.168.1.20:9000"


def _sign_up_from(host: str, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = Client(HTTP_HOST=host).post("/signup/", {
            "username": "dora", "email": "dora@example.org",
            "password": "a-long-Passphrase-7", "password_again": "a-long-Passphrase-7"})
    assert response.status_code == 302, response.content[:2000]
    [message] = mail.outbox
    return re.search(r"https?://\S+", message.body).group(0)


def test_without_site_url_the_link_uses_the_host_the_phone_came_to(
        settings, django_capture_on_commit_callbacks) -> None:
    settings.SITE_URL = settings.SITE_URL_DEFAULT  # nobody set SITE_URL
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    link = _sign_up_from("192.168.1.20:8080", django_capture_on_commit_callbacks)
    assert link.startswith("http://192.168.1.20:8080/mail/verify/")


def test_a_set_site_url_wins_over_the_request_host(
        settings, django_capture_on_commit_callbacks) -> None:
    settings.SITE_URL = "https://rs.example.org"
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    link = _sign_up_from("192.168.1.20:8080", django_capture_on_commit_callbacks)
    assert link.startswith("https://rs.example.org/mail/verify/")


def test_a_mail_written_outside_a_request_uses_the_listening_address(
        settings, django_capture_on_commit_callbacks) -> None:
    settings.SITE_URL = settings.SITE_URL_DEFAULT = "http://127.0.0.1:8080"
    with django_capture_on_commit_callbacks(execute=True):
        account_services.user_signup(username="dora", password="a-long-Passphrase-7",
                                     email="dora@example.org", client_ip="1.2.3.4")
    assert "http://127.0.0.1:8080/mail/verify/" in mail.outbox[0].body


def test_the_console_set_up_prints_one_line_with_the_link_and_the_page_says_where(
        settings, django_capture_on_commit_callbacks, capsys) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    settings.SITE_URL = "https://rs.example.org"
    client = Client()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/signup/", {
            "username": "dora", "email": "dora@example.org",
            "password": "a-long-Passphrase-7", "password_again": "a-long-Passphrase-7"}, follow=True)
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("MAIL ")]
    assert len(lines) == 1
    assert re.fullmatch(r"MAIL to dora@example\.org: Confirm your address for Raumschach "
                        r"-- open https://rs\.example\.org/mail/verify/\S+/", lines[0])
    page = response.content.decode()
    assert "We sent a confirmation link to dora@example.org" in page
    assert "printed in the terminal" in page and "MAIL to dora@example.org" in page
