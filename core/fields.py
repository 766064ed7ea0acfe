"""Input fields that take JSON types as the schema states them: `"ply": "0"` and
`"username": 5` are refused, where DRF's own fields coerce them.

Form-encoded bodies (accepted as a convenience, see settings.SPECTACULAR_SETTINGS) carry only
strings, so there a string is still read as a number.
"""
from __future__ import annotations

from django.http import QueryDict
from rest_framework import serializers

from core.errors import InvalidQuery


def _from_json(field: serializers.Field) -> bool:
    return not isinstance(getattr(field.root, "initial_data", None), QueryDict)


class StrictCharField(serializers.CharField):
    def to_internal_value(self, data):
        if _from_json(self):
            if not isinstance(data, str):
                self.fail("invalid")
            # The schema's maxLength counts the text as sent, before whitespace is trimmed.
            if self.max_length is not None and len(data) > self.max_length:
                self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data):
        if _from_json(self) and (isinstance(data, bool) or not isinstance(data, int)):
            self.fail("invalid")
        return super().to_internal_value(data)


class _NoEmptyQueryValue:
    """A query parameter sent empty (`?rating_min=`) is refused rather than read as absent, as
    the schema's type says."""

    def get_value(self, dictionary):
        if self.field_name in dictionary and dictionary.get(self.field_name) == "":
            return ""
        return super().get_value(dictionary)


class QueryIntegerField(_NoEmptyQueryValue, serializers.IntegerField):
    pass


class QueryCharField(_NoEmptyQueryValue, serializers.CharField):
    pass


class QueryBooleanField(_NoEmptyQueryValue, serializers.BooleanField):
    # DRF reads a checkbox missing from a form as false; a missing query filter is no filter.
    default_empty_html = serializers.empty


def refuse_unknown_query_params(query_params, *, allowed: tuple[str, ...]) -> None:
    """A GET whose query names a parameter the schema does not list is a 400, not an answer for
    the parameters it did not mean (a typo such as ?move= for ?moves=)."""
    unknown = sorted(set(query_params) - set(allowed))
    if unknown:
        expected = ", ".join(f"{name}=" for name in allowed)
        raise InvalidQuery(f"Unknown query parameter(s): {', '.join(unknown)}; use {expected}.")
