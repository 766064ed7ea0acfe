"""Template tags other apps' pages use to show ratings without their views knowing the app."""
from __future__ import annotations

from django import template

from games.variants import DEFAULT_VARIANT
from ratings import chart, selectors

register = template.Library()


@register.inclusion_tag("ratings/_profile_panel.html")
def rating_panel(player, variant: str = DEFAULT_VARIANT) -> dict:
    """The profile's rating in `variant`, rated record, peak and that variant's history
    chart."""
    view = selectors.rating_of(user_id=player.pk, variant=variant)
    changes = list(selectors.rating_history(user_id=player.pk, variant=variant)
                   .values_list("game__public_id", "rating_before", "rating_after"))
    history = ([(None, changes[0][1])] + [(game_id, after) for game_id, _, after in changes]
               if changes else [])
    return {"player": player, "rating": view, "chart": chart.rating_chart(history)}


@register.simple_tag
def shown_rating(user, variant: str = DEFAULT_VARIANT) -> str:
    """A player's rating in `variant` as people read it ("1500?" while provisional)."""
    return selectors.rating_of(user_id=user.pk, variant=variant).shown
