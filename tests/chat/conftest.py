"""Shared site fixtures (see tests/site_fixtures.py) and the channel-layer parametrisation of
the socket tests."""
from tests.realtime.conftest import layer  # noqa: F401
from tests.site_fixtures import *  # noqa: F401,F403
