"""The site's settings with the floor applications' URLs (scripts/cpu_floor.py)."""
import os
from raumschach_site.settings import *  # noqa
ROOT_URLCONF = "floor_urls"
if os.environ.get("FLOOR_ASYNC") == "1":  # every middleware async-capable: an async view runs on the loop
    MIDDLEWARE = [m for m in MIDDLEWARE if "OneThreadPerRequest" not in m]  # noqa: F405
