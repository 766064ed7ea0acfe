"""The native core's handle of a variant, for tests that call engine._rs_native directly
(every native call names its variant's handle; engine/core.py registers on first use)."""
from engine.core import native_handle
from engine.variants import RAUMSCHACH


def rs() -> int:
    """Raumschach's handle."""
    return native_handle(RAUMSCHACH)
