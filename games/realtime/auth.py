"""Handshake authentication: the browser's session cookie, or an API token header."""
from channels.auth import AuthMiddlewareStack


def TokenOrSessionAuthMiddlewareStack(inner):  # noqa: N802 - named like Channels' own stacks
    # Token support is added with the live-play work; sessions already work.
    return AuthMiddlewareStack(inner)
