"""REST endpoints of notify under /api/v1/mail/: mail settings and the confirmation link.
Thin: shape checks here, rules in notify.services."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictInput
from core.serializers import ErrorSerializer

from . import services


class MailSettingsOut(serializers.Serializer):
    email = serializers.EmailField(allow_blank=True)
    email_verified = serializers.BooleanField(
        help_text="Mail is sent only to a confirmed address.")
    your_turn = serializers.BooleanField()
    challenge = serializers.BooleanField()
    game_over = serializers.BooleanField()
    clock_warning = serializers.BooleanField(help_text="Less than a day left on your clock.")
    tournament = serializers.BooleanField(help_text="A round of a tournament you play starts.")
    digest = serializers.BooleanField(help_text="One mail a day instead of single mails.")


class MailSettingsIn(StrictInput):
    email = serializers.EmailField(required=False, allow_blank=True, max_length=254,
                                   help_text="A new address gets a confirmation mail at once.")
    your_turn = serializers.BooleanField(required=False)
    challenge = serializers.BooleanField(required=False)
    game_over = serializers.BooleanField(required=False)
    clock_warning = serializers.BooleanField(required=False)
    tournament = serializers.BooleanField(required=False)
    digest = serializers.BooleanField(required=False)


class VerificationSentOut(serializers.Serializer):
    sent = serializers.BooleanField(help_text="False when the address is empty or confirmed.")


class MailSettingsView(APIView):
    @extend_schema(responses={200: MailSettingsOut, 401: ErrorSerializer},
                   summary="Your mail settings and address")
    def get(self, request: Request) -> Response:
        return Response(MailSettingsOut(services.mail_settings_get(user=request.user)).data)

    @extend_schema(request=MailSettingsIn,
                   responses={200: MailSettingsOut, 400: ErrorSerializer, 401: ErrorSerializer},
                   summary="Change your mail settings or address")
    def patch(self, request: Request) -> Response:
        data = MailSettingsIn(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.mail_settings_update(user=request.user, **data.validated_data)
        return Response(MailSettingsOut(result).data)


class VerificationView(APIView):
    @extend_schema(request=None, responses={202: VerificationSentOut, 401: ErrorSerializer,
                                            429: ErrorSerializer},
                   summary="Mail a new confirmation link to your address")
    def post(self, request: Request) -> Response:
        sent = services.email_verification_send(user=request.user)
        return Response({"sent": sent}, status=status.HTTP_202_ACCEPTED)
