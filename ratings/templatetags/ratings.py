"""Template tags other apps' pages use to show ratings without their views knowing the app."""
from __future__ import annotations

from django import template

from games.variants import DEFAULT_VARIANT
from ratings import chart, selectors

register = template.Library()


@register.inclusion_tag("ratings/_profile_panel.html")
def rating_panels(player) -> dict:
    """The profile's ratings: a panel per game the player has a rating in (its rating, rated
    record, peak and history chart); none for a game never played rated."""
    panels = [{**panel, "chart": chart.rating_chart(panel["history"])}
              for panel in selectors.rating_panels(user_id=player.pk)]
    return {"player": player, "panels": panels}


@register.simple_tag
def shown_rating(user, variant: str = DEFAULT_VARIANT) -> str:
    """A player's rating in `variant` as people read it ("1500?" while provisional)."""
    return selectors.rating_of(user_id=user.pk, variant=variant).shown


@register.simple_tag
def rating_in(user, variant: str = DEFAULT_VARIANT) -> str:
    """A player's rating in `variant` as people read it, or "" if they have none in that game
    (a page shows nothing rather than a starting "1500?")."""
    view = selectors.rating_if_rated(user_id=user.pk, variant=variant)
    return view.shown if view is not None else ""
