"""Security headers on every page, and cookies that work over plain http on 127.0.0.1 yet are
Secure whenever the site is served over HTTPS (directly or behind a proxy that says so)."""
import pytest
from django.test import Client

from tests.site_fixtures import PASSWORD

pytestmark = pytest.mark.django_db

PAGES = ["/", "/login/", "/signup/", "/archive/", "/api/docs/", "/api/v1/bots/"]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_sends_the_security_headers(path):
    response = Client().get(path)
    assert response.status_code == 200
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self';" in csp
    assert "frame-ancestors 'none'" in csp
    if path != "/api/docs/":  # Swagger UI's bundle sets inline styles; its scripts are strict
        assert "unsafe-inline" not in csp
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"
    assert "Strict-Transport-Security" not in response  # never over plain http


def test_hsts_is_sent_over_https_and_behind_a_trusted_https_proxy(settings):
    assert "max-age=" in Client().get("/", secure=True)["Strict-Transport-Security"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")  # TRUSTED_PROXY_COUNT=1
    proxied = Client().get("/", HTTP_X_FORWARDED_PROTO="https")
    assert "max-age=" in proxied["Strict-Transport-Security"]


def test_a_client_claiming_https_over_plain_http_earns_no_hsts_and_no_secure_cookie(alice):
    """Without a trusted proxy, X-Forwarded-Proto is the client's word (issue 24, finding 5)."""
    client = Client(enforce_csrf_checks=True)
    response = client.get("/", HTTP_X_FORWARDED_PROTO="https")
    assert "Strict-Transport-Security" not in response
    response = log_in(client, HTTP_X_FORWARDED_PROTO="https")
    assert response.status_code == 302
    assert not response.cookies["sessionid"]["secure"]


def log_in(client: Client, **extra):
    client.get("/login/", **extra)
    return client.post("/login/", {"username": "alice", "password": PASSWORD,
                                   "csrfmiddlewaretoken": client.cookies["csrftoken"].value},
                       **extra)


def test_over_plain_http_the_cookies_are_not_secure_and_log_in_works(alice, settings):
    assert settings.SESSION_COOKIE_SECURE is False and settings.CSRF_COOKIE_SECURE is False
    client = Client(enforce_csrf_checks=True)
    response = log_in(client)
    assert response.status_code == 302
    assert not client.cookies["csrftoken"]["secure"]
    assert not response.cookies["sessionid"]["secure"]


def test_over_https_the_session_and_csrf_cookies_are_secure(alice):
    client = Client(enforce_csrf_checks=True)
    response = log_in(client, secure=True, HTTP_REFERER="https://testserver/login/")
    assert response.status_code == 302
    assert response.cookies["sessionid"]["secure"]
    assert client.cookies["csrftoken"]["secure"]


def test_secure_cookies_can_be_asked_for_always(alice, settings):
    settings.SESSION_COOKIE_SECURE = settings.CSRF_COOKIE_SECURE = True
    response = log_in(Client(enforce_csrf_checks=True))
    assert response.cookies["sessionid"]["secure"]
