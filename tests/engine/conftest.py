"""The ``core`` fixture: a test that takes it runs once on each engine core.

The native core is built by scripts/test.sh (setup.py build_ext --inplace).  Where it could
not be built the native runs are skipped with the reason - except in CI (REQUIRE_SERVICES=1),
where a missing native core fails them.
"""
import os

import pytest

from engine.core import native_available

CORES = ("native", "python")


def require_native() -> None:
    if not native_available():
        message = "the native core is not built (python setup.py build_ext --inplace)"
        if os.environ.get("REQUIRE_SERVICES") == "1":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(params=CORES)
def core(request):
    if request.param == "native":
        require_native()
    return request.param


@pytest.fixture
def native():
    """The extension module itself."""
    require_native()
    from engine.core import native_module

    return native_module()
