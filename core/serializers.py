"""The error body every API of the site answers with (see games/api/exceptions.py, which
builds it from any SiteError), and the base of the answers built on every move
(FieldsOnceSerializer)."""
from rest_framework import serializers
from rest_framework.utils.serializer_helpers import BindingDict


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField(help_text="Stable machine-readable code, e.g. stale_ply.")
    detail = serializers.CharField(help_text="Human-readable message.")


class FieldsOnceSerializer(serializers.Serializer):
    """An answer's serializer whose fields are built once per class instead of once per answer.

    DRF deep-copies every declared field for each serializer it makes (a nested serializer's
    fields and a list's child included, each copy re-running the field's __init__): for a
    game's state, the answer to every move, that was ~6 % of a server's CPU at 1,000 live games
    (py-spy, docs/performance.md). The copy exists so that one instance may change its fields;
    these serializers never do. A shared field's parent is the first instance of its class, so
    a field that reads its parent or the context (a method field, a hyperlink) cannot be
    shared: such a field is refused.
    """

    @property
    def fields(self):
        cls = type(self)
        shared = cls.__dict__.get("_fields_once")
        if shared is None:
            shared = BindingDict(self)
            for name, field in self.get_fields().items():
                if isinstance(field, (serializers.SerializerMethodField, serializers.RelatedField,
                                      serializers.HiddenField)):
                    raise TypeError(f"{cls.__name__}.{name}: a {type(field).__name__} reads "
                                    "its serializer or the request; it cannot be shared")
                shared[name] = field
            cls._fields_once = shared  # two threads may both build it; either result serves
        return shared
