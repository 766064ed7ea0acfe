"""`{{ game|time_control }}` ("3+2 · Blitz", "3 days per move", "No time limit"),
`{{ game|is_live }}`, `{{ ms|clock_text }}` and `{% clock_presets as presets %}`: the time
controls of games, challenges and seeks as pages show them (games/web/time_controls.py)."""
from django import template

from games.web import time_controls

register = template.Library()

register.filter("time_control", time_controls.time_control_text)
register.filter("is_live", time_controls.is_live)
register.filter("clock_text", time_controls.clock_text)
register.simple_tag(time_controls.clock_presets, name="clock_presets")
