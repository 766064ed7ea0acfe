"""Whether a game has a computer analysis, for the replay page: it fetches the analysis only
when there is one, so a game never analysed costs no request and logs no 404 in the browser
(issue 39). The `analysis` app hands over its reader when it starts (`AnalysisConfig.ready`),
the same seam as `games.export_hook`; games never imports analysis. Without a reader: none."""
from __future__ import annotations

from collections.abc import Callable

_exists: Callable[[object], bool] | None = None


def register_analysis_exists(reader: Callable[[object], bool]) -> None:
    global _exists
    _exists = reader


def analysis_exists(game) -> bool:
    return _exists(game) if _exists is not None else False
