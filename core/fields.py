"""Input that takes JSON types as the schema states them: `"ply": "0"`, `"username": 5`,
`"digest": "yes"` and `"days": "2"` are refused, where DRF's own fields coerce them. One rule
for the whole API: every input serializer is a StrictInput (tests/architecture checks), which
holds each JSON value to its field's type before DRF reads it.

Form-encoded bodies (accepted as a convenience, see settings.SPECTACULAR_SETTINGS) carry only
strings, so there a string is still read as a number.
"""
from __future__ import annotations

import json
import re

from django.core.validators import RegexValidator
from django.http import QueryDict
from django.utils.translation import gettext, gettext_lazy
from rest_framework import serializers

from core.errors import InvalidQuery


NOT_ONLY_SPACE = RegexValidator(r"\S", message=gettext_lazy("This field may not be blank."))


def _from_json(field: serializers.Field) -> bool:
    return not isinstance(getattr(field.root, "initial_data", None), QueryDict)


class StrictCharField(serializers.CharField):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        # Trimmed and not allowed blank: whitespace alone is refused, so the schema says a
        # non-space character is needed (a field with a pattern of its own already says more).
        if (self.trim_whitespace and not self.allow_blank
                and not any(isinstance(v, RegexValidator) for v in self.validators)):
            self.validators.append(NOT_ONLY_SPACE)

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


def _json_type_fits(field: serializers.Field, value) -> bool:
    """Whether a JSON value has the type `field` documents (None is the field's own business:
    allow_null)."""
    if value is None:
        return True
    if isinstance(field, serializers.BooleanField):
        return isinstance(value, bool)
    if isinstance(field, serializers.ChoiceField):  # the choices' own type: 3, not "3"
        return any(type(value) is type(key) for key in field.choices)  # the field checks which
    if isinstance(field, serializers.IntegerField):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(field, (serializers.FloatField, serializers.DecimalField)):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(field, serializers.CharField):
        return isinstance(value, str)
    if isinstance(field, serializers.ListField):
        return isinstance(value, list)
    return True


class StrictInput(serializers.Serializer):
    """The base of every input serializer: a JSON body's values must have the schema's types.
    Form-encoded bodies and query strings carry only text and are read as DRF reads them."""

    def to_internal_value(self, data):
        _refuse_wrong_json_types(self.fields, data)
        return super().to_internal_value(data)

    def is_valid(self, *, raise_exception: bool = False) -> bool:
        try:
            return super().is_valid(raise_exception=raise_exception)
        finally:
            # The fields and the serializer point at each other (field.parent), a reference
            # cycle only the garbage collector frees; the answer needs neither once validated
            # (raumschach_site/request_cycles.py tells why that matters). Read again, `fields`
            # is rebuilt.
            self.__dict__.pop("fields", None)

    @classmethod
    def check_json_types(cls, data) -> None:
        """For views that read their body by hand (the lichess-compatible Bot API, which takes
        forms and JSON): the same rule, a 400 for a JSON value of the wrong type."""
        _refuse_wrong_json_types(cls().fields, data)


def _refuse_wrong_json_types(fields, data) -> None:
    if not isinstance(data, dict) or isinstance(data, QueryDict):
        return
    wrong = {name: [gettext("Expected %(expected)s, not %(got)s.")
                    % {"expected": _json_name(field),
                       "got": _JSON_TYPES.get(type(data[name]), _JSON_TYPES[dict])}]
             for name, field in fields.items()
             if not field.read_only and name in data and not _json_type_fits(field, data[name])}
    if wrong:
        raise serializers.ValidationError(wrong)


# The JSON types as a person reads them in a refusal (the field names stay as the API has them).
_JSON_TYPES = {str: gettext_lazy("a string"), int: gettext_lazy("an integer"),
               float: gettext_lazy("a number"), bool: gettext_lazy("a boolean"),
               list: gettext_lazy("an array"), dict: gettext_lazy("an object")}


def _json_name(field: serializers.Field) -> str:
    if isinstance(field, serializers.BooleanField):
        return gettext("a JSON boolean (true or false)")
    if isinstance(field, serializers.ChoiceField):
        return gettext("a JSON value among %(choices)s,") % {
            "choices": ", ".join(json.dumps(key) for key in field.choices)}
    if isinstance(field, serializers.IntegerField):
        return gettext("a JSON integer")
    if isinstance(field, (serializers.FloatField, serializers.DecimalField)):
        return gettext("a JSON number")
    if isinstance(field, serializers.ListField):
        return gettext("a JSON array")
    return gettext("a JSON string")


class _NoEmptyQueryValue:
    """A query parameter sent empty (`?rating_min=`) is refused rather than read as absent, as
    the schema's type says."""

    def get_value(self, dictionary):
        if self.field_name in dictionary and dictionary.get(self.field_name) == "":
            return ""
        return super().get_value(dictionary)


class QueryIntegerField(_NoEmptyQueryValue, serializers.IntegerField):
    pass


class QueryChoiceField(_NoEmptyQueryValue, serializers.ChoiceField):
    """`?status=` is not one of the enum's values: refused, not read as no filter."""


class QueryCharField(_NoEmptyQueryValue, serializers.CharField):
    pass


class QueryDateField(_NoEmptyQueryValue, serializers.DateField):
    """A day as the schema's `format: date` writes it, YYYY-MM-DD, and no other way: Python's
    ISO reader would also take 20261129 or 2026-W48-7."""

    def to_internal_value(self, value):
        if not (isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value)):
            self.fail("invalid", format="YYYY-MM-DD")
        return super().to_internal_value(value)


class QueryBooleanField(_NoEmptyQueryValue, serializers.BooleanField):
    # DRF reads a checkbox missing from a form as false; a missing query filter is no filter.
    default_empty_html = serializers.empty


def refuse_unknown_query_params(query_params, *, allowed: tuple[str, ...]) -> None:
    """A GET whose query names a parameter the schema does not list is a 400, not an answer for
    the parameters it did not mean (a typo such as ?move= for ?moves=)."""
    unknown = sorted(set(query_params) - set(allowed))
    if unknown:
        expected = ", ".join(f"{name}=" for name in allowed)
        raise InvalidQuery(gettext("Unknown query parameter(s): %(names)s; use %(expected)s.")
                           % {"names": ", ".join(unknown), "expected": expected})
