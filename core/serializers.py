"""The error body every API of the site answers with (see games/api/exceptions.py, which
builds it from any SiteError)."""
from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField(help_text="Stable machine-readable code, e.g. stale_ply.")
    detail = serializers.CharField(help_text="Human-readable message.")
