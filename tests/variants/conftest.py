"""Shared site fixtures (tests/site_fixtures.py), Bot API helpers, and a test variant."""
import pytest

from tests.botapi.conftest import as_robo, bearer_client, robo, upgrade  # noqa: F401
from tests.site_fixtures import *  # noqa: F401,F403

from . import variant_fixture


@pytest.fixture
def nounicorn():
    """Raumschach without unicorns, known to the engine for this test only."""
    variant = variant_fixture.register()
    yield variant
    variant_fixture.unregister()


@pytest.fixture
def fiveup():
    """Five Up, the engine's second variant (docs/rules/fiveup.md)."""
    import engine

    return engine.variant_by_key("fiveup")


@pytest.fixture
def hexraumschach():
    """Hexagonal Raumschach, five hexagon levels (docs/rules/hexraumschach.md)."""
    import engine

    return engine.variant_by_key("hexraumschach")


@pytest.fixture
def startrek():
    """Star Trek 3D chess: fixed main boards and attack boards that move (docs/rules/startrek.md)."""
    import engine

    return engine.variant_by_key("startrek")
