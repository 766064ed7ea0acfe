"""Shared site fixtures (see tests/site_fixtures.py) and the imports' own helpers."""
from tests.site_fixtures import *  # noqa: F401,F403
