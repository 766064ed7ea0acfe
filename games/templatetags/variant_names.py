"""`{{ game.variant|variant_name }}`: a stored variant key as people read it, in lists where
games of several variants stand side by side."""
from django import template

from games.errors import UnknownVariant
from games.variants import variant_get

register = template.Library()


@register.filter
def variant_name(key: str) -> str:
    # A key the engine no longer knows still names its old games rather than breaking a page.
    try:
        return variant_get(key).name
    except UnknownVariant:
        return str(key)
