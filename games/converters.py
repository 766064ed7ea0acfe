"""The `gid` path converter: a game's public id in a URL (letters and digits with at least one
letter, so an old all-digit integer id never matches it and falls to the route that redirects
it). Registered on import; every URL module that names a game imports this one."""
from django.urls import register_converter

# The form of games.models.new_public_id; length is checked by the selector that reads it.
PUBLIC_ID_PATTERN = r"[0-9]*[A-Za-z][A-Za-z0-9]*"


class PublicGameIdConverter:
    regex = PUBLIC_ID_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: object) -> str:
        return str(value)


register_converter(PublicGameIdConverter, "gid")
