"""Template tags other apps' pages use to show ratings without their views knowing the app."""
from __future__ import annotations

from django import template

from games.clock import CORRESPONDENCE, SPEED_NAMES
from games.variants import DEFAULT_VARIANT
from ratings import chart, selectors

register = template.Library()


@register.inclusion_tag("ratings/_profile_panel.html")
def rating_panels(player) -> dict:
    """The profile's ratings: a panel per game and speed the player has a rating in (its
    rating, rated record, peak and history chart); none for one never played rated."""
    # A panel per game and speed; a correspondence panel keeps the game's key as its id (the
    # one rating a game had before live games), a live speed's adds the speed.
    panels = [{**panel, "chart": chart.rating_chart(panel["history"]),
               "speed_name": SPEED_NAMES.get(panel["speed"], panel["speed"]),
               "key": (panel["variant"]["key"] if panel["speed"] == CORRESPONDENCE
                       else f'{panel["variant"]["key"]}-{panel["speed"]}')}
              for panel in selectors.rating_panels(user_id=player.pk)]
    return {"player": player, "panels": panels}


def _speed(context, speed: str | None) -> str:
    """The speed asked for, else the page's game's (a game page shows the rating its game is
    played for), else correspondence."""
    if speed:
        return speed
    game = context.get("game")
    return getattr(game, "speed", None) or CORRESPONDENCE


@register.simple_tag(takes_context=True)
def shown_rating(context, user, variant: str = DEFAULT_VARIANT, speed: str = "") -> str:
    """A player's rating in `variant` at `speed` as people read it ("1500?" while
    provisional)."""
    return selectors.rating_of(user_id=user.pk, variant=variant,
                               speed=_speed(context, speed)).shown


@register.simple_tag(takes_context=True)
def rating_in(context, user, variant: str = DEFAULT_VARIANT, speed: str = "") -> str:
    """A player's rating in `variant` at `speed` as people read it, or "" if they have none
    in that game (a page shows nothing rather than a starting "1500?")."""
    view = selectors.rating_if_rated(user_id=user.pk, variant=variant,
                                     speed=_speed(context, speed))
    return view.shown if view is not None else ""
