"""Schema post-processing: every operation documents 401 (issue 24, finding 6: 14 operations did
not). A request with a bad or revoked token is refused with 401 before any permission is looked
at, so even the public reads (the archive, profiles) can answer it."""
from __future__ import annotations

_METHODS = {"get", "put", "post", "patch", "delete"}


def document_401_everywhere(result: dict, generator, request, public) -> dict:
    for path, operations in result.get("paths", {}).items():
        lichess = not path.startswith("/api/v1/")
        error = "#/components/schemas/" + ("LichessError" if lichess else "Error")
        for method, operation in operations.items():
            if method not in _METHODS:
                continue
            responses = operation.setdefault("responses", {})
            responses.setdefault("401", {
                "description": "No valid credentials: a bad or revoked token, or none where "
                               "one is required.",
                "content": {"application/json": {"schema": {"$ref": error}}}})
    return result
