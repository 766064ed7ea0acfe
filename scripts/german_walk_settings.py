"""The site's settings for the German walk's server (scripts/german_walk_site.py): DEBUG off,
and the static files straight from the source folders (WhiteNoise's finders, as with DEBUG on),
so the walk needs no collectstatic."""
from raumschach_site.settings import *  # noqa: F401,F403

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
