"""The shapes of the account endpoints' requests and answers (types only; the rules live in
accounts.services); they also document the endpoints in the OpenAPI schema."""
from __future__ import annotations

from rest_framework import serializers

from core.fields import StrictCharField, StrictInput
from .scopes import SCOPES


class SignupIn(StrictInput):
    username = StrictCharField(max_length=150, trim_whitespace=True)
    password = StrictCharField(max_length=4096, trim_whitespace=False)
    email = StrictCharField(max_length=254, required=False, allow_blank=True, default="")


class SignupOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(help_text="Shown once; send as 'Authorization: Token <token>'.")


class CredentialsIn(StrictInput):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=4096, trim_whitespace=False)
    name = StrictCharField(max_length=64, required=False, allow_blank=True, default="")


class TokenOut(serializers.Serializer):
    token = serializers.CharField()


class PasswordChangeIn(StrictInput):
    old_password = StrictCharField(max_length=4096, trim_whitespace=False)
    new_password = StrictCharField(max_length=4096, trim_whitespace=False)


class ApiTokenIn(StrictInput):
    name = StrictCharField(max_length=64, required=False, allow_blank=True, default="")
    scopes = serializers.ListField(
        child=serializers.ChoiceField(list(SCOPES)), required=False,
        help_text="What the token may do (lichess's scopes, plus site:api for this REST API and "
                  "the websockets); absent: all of them.")


class ApiTokenOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The first characters of the token.")
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)
    scopes = serializers.ListField(child=serializers.CharField(), source="scope_list")


class ApiTokenCreatedOut(ApiTokenOut):
    token = serializers.CharField(help_text="The raw token: shown only in this response.")
