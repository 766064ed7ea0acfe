"""Schema post-processing, so the schema says what the API does (issue 24, finding 6):
- every operation documents 401 (14 did not): a request with a bad or revoked token is refused
  with 401 before any permission is looked at, so even the public reads can answer it;
- text in a request body never holds a NUL or another control character but tab and line
  breaks, a path or query parameter none at all (games.api.parsers and
  raumschach_site.middleware refuse them with 400 `control_characters`, before any route is
  matched, so every operation documents 400, an integer path parameter's too): the schema says
  so;
- a path that names a game takes an old integer id too and answers it with a redirect
  (games.api.legacy_ids): 301 for GET, 308 for the other methods, documented with its body."""
from __future__ import annotations

from core import fields
from games.converters import PUBLIC_ID_PATTERN

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


# JSON bodies: tab, LF and CR allowed (a chat line); query parameters: no control character.
NO_CONTROL_IN_BODY = "^[^\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f]*$"
NO_CONTROL_IN_QUERY = "^[^\\x00-\\x1f\\x7f]*$"


def forbid_nul_in_request_text(result: dict, generator, request, public) -> dict:
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            _forbid_nul(component, NO_CONTROL_IN_BODY)
    for path, operations in result.get("paths", {}).items():
        error = "#/components/schemas/" + (
            "Error" if path.startswith("/api/v1/") else "LichessError")
        for method, operation in operations.items():
            if method not in _METHODS:
                continue
            for parameter in operation.get("parameters") or []:
                if (parameter.get("in") in ("query", "path")
                        and isinstance(parameter.get("schema"), dict)):
                    _forbid_nul(parameter["schema"], NO_CONTROL_IN_QUERY)
            # The path itself may hold one (the middleware answers before the route's
            # converters, so even /tokens/<int>/ can be a 400 rather than a 404).
            operation.setdefault("responses", {}).setdefault("400", {
                "description": "Bad input; a control character in the path or query is "
                               "`control_characters`.",
                "content": {"application/json": {"schema": {"$ref": error}}}})
    return result


# A trimmed text that may not be blank (core.fields.StrictCharField adds this pattern).
NOT_ONLY_SPACE = fields.NOT_ONLY_SPACE.regex.pattern


def _forbid_nul(schema: dict, pattern: str) -> None:
    if schema.get("type") == "string" and schema.get("pattern") == NOT_ONLY_SPACE:
        # Both rules in one pattern: allowed characters, one of them not a space.
        allowed = pattern[1:-2]  # "^[...]*$" -> "[...]"
        schema["pattern"] = f"^{allowed}*[^\\s\\x00-\\x1f\\x7f]{allowed}*$"
    elif schema.get("type") == "string" and not ({"enum", "pattern", "format"} & set(schema)):
        schema["pattern"] = pattern
    for child in (schema.get("properties") or {}).values():
        _forbid_nul(child, pattern)
    if isinstance(schema.get("items"), dict):
        _forbid_nul(schema["items"], pattern)


# The gid converter's pattern, as settings.SPECTACULAR_SETTINGS states it for the schema (a
# public id; the old integer ids it leaves out are still answered, by the redirect documented
# here).
GAME_ID_PATTERN = f"^{PUBLIC_ID_PATTERN}$"


def document_old_game_id_redirects(result: dict, generator, request, public) -> dict:
    for path, operations in result.get("paths", {}).items():
        lichess = not path.startswith("/api/v1/")
        for method, operation in operations.items():
            if method not in _METHODS or not any(
                    parameter.get("in") == "path"
                    and (parameter.get("schema") or {}).get("pattern") == GAME_ID_PATTERN
                    for parameter in operation.get("parameters") or []):
                continue
            status = "301" if method == "get" else "308"
            operation.setdefault("responses", {}).setdefault(status, {
                "description": "An old integer game id: the same path under the game's public "
                               "id (`Location` header and `location` in the body).",
                "content": {"application/json": {"schema": _moved_body(lichess)}}})
    return result


def _moved_body(lichess: bool) -> dict:
    words = ({"error": {"type": "string"}, "code": {"type": "string", "enum": ["moved_permanently"]}}
             if lichess else
             {"error": {"type": "string", "enum": ["moved_permanently"]}, "detail": {"type": "string"}})
    return {"type": "object", "required": [*words, "id", "location"],
            "properties": {**words, "id": {"type": "string"}, "location": {"type": "string"}}}
