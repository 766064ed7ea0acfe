"""The showcase game on the home page, without `games` knowing about bots."""
from __future__ import annotations

from django import template

from bots.showcase import showcase_game, showcase_games
from games.variants import variant_json

register = template.Library()


@register.inclusion_tag("bots/_showcase.html")
def showcase() -> dict:
    return {"game": showcase_game(),
            "channel": [variant_json(key) for key in showcase_games()]}
