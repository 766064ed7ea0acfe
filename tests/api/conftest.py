"""Shared site fixtures (see tests/site_fixtures.py)."""
from tests.site_fixtures import *  # noqa: F401,F403
