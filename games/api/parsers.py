"""JSON request bodies read with a size limit and parsed with a depth limit.

Python's json module recurses once per nesting level: 2 KB of `[[[[...]]]]` raised
RecursionError (a 500) in every JSON endpoint. The depth is counted before parsing, in one
regular-expression pass that skips over strings, so no input reaches the recursive parser
deeper than settings.MAX_JSON_DEPTH. The body is read only up to the size limit.
"""
from __future__ import annotations

from django.utils.translation import gettext_lazy

import json
import re
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils.json import strict_constant

from core.errors import CONTROL_IN_TEXT, ControlCharacters

# A whole string (escapes included) or one bracket: brackets inside strings are skipped.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = gettext_lazy("The request body is too large.")
    default_code = "too_large"


def json_depth_exceeds(text: str, limit: int) -> bool:
    """Whether brackets in `text` nest deeper than `limit` (strings are not counted)."""
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        char = match.group()[0]
        if char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def loads_limited(text: str, *, max_depth: int | None = None) -> Any:
    """json.loads that refuses (ValueError) nesting deeper than `max_depth` and NaN/Infinity."""
    limit = settings.MAX_JSON_DEPTH if max_depth is None else max_depth
    if json_depth_exceeds(text, limit):
        raise ValueError(f"nested deeper than {limit} levels")
    try:
        return json.loads(text, parse_constant=strict_constant)
    except RecursionError:  # unreachable after the depth check; a last guard, never a 500
        raise ValueError("nested too deeply") from None


class LimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise BodyTooLarge(_("The request body is larger than %(count)s bytes.")
                               % {"count": limit})
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            data = loads_limited(raw.decode(encoding))
        except (ValueError, UnicodeDecodeError, LookupError) as exc:
            raise ParseError(_("JSON parse error - %(reason)s") % {"reason": exc}) from None
        if holds_control_characters(data):
            raise ControlCharacters(_("A text in the body holds a control character (such as "
                                      "NUL); only tabs and line breaks are accepted."))
        return data


def holds_control_characters(data: Any) -> bool:
    """Whether any string in parsed JSON (keys included) holds a refused control character.
    Iterative: the depth is bounded already, but a wide body need not cost a recursion."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not CONTROL_IN_TEXT.isdisjoint(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
