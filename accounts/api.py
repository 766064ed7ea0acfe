"""Account endpoints under /api/v1/accounts/: sign-up, token exchange, password change, token
management. Thin: validate shapes, call a service or selector, shape the answer. (The signed-in
player's record and public profiles carry games: games/api/players.py.)"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from django.contrib.auth import update_session_auth_hash

from core.serializers import ErrorSerializer

from . import selectors as account_selectors
from . import services as account_services
from .http import client_ip, known_device_keys
from .serializers import (ApiTokenCreatedOut, ApiTokenIn, ApiTokenOut, CredentialsIn,
                          PasswordChangeIn, SignupIn, SignupOut, TokenOut)

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 429: ErrorSerializer}


def _valid(serializer_class, request: Request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class SignupView(APIView):
    # No authentication: a signed-in browser session must not make this demand a CSRF token,
    # and sign-up neither reads nor sets a session.
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=SignupIn, responses={201: SignupOut, **ERRORS},
                   summary="Create an account and its first API token",
                   description=(
                       "Usernames are compared normalised (NFKC, case-folded): a name equal to an "
                       "existing one in another case or width is `username_taken`; one that "
                       "looks like an existing account's (Cyrillic/Greek look-alike letters, "
                       "0/o, 1/l) is `username_confusable`. Other 400 codes: "
                       "`invalid_username`, `invalid_email`, `weak_password`. 429: too many "
                       "accounts created from this address."))
    def post(self, request: Request) -> Response:
        data = _valid(SignupIn, request)
        user = account_services.user_signup(username=data["username"], password=data["password"],
                                            email=data["email"], client_ip=client_ip(request))
        _, raw = account_services.api_token_create(user=user, name="signup")
        return Response({"username": user.username, "token": raw}, status=status.HTTP_201_CREATED)


class TokenObtainView(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=CredentialsIn, responses={200: TokenOut, **ERRORS},
                   summary="Exchange username and password for a new API token",
                   description=(
                       "Limited per address (every attempt) and per account (wrong passwords "
                       "from anywhere): 429 `rate_limited` with Retry-After. A client sending the "
                       "`rs_known_device` cookie set by an earlier successful log-in to this "
                       "account is exempt from the per-account limit."))
    def post(self, request: Request) -> Response:
        data = _valid(CredentialsIn, request)
        # A browser that logged in to the account before keeps its known-device cookie here
        # too, so its owner gets a token even while a guesser has used up the account's limit.
        _, raw = account_services.api_token_obtain(
            username=data["username"], password=data["password"], client_ip=client_ip(request),
            name=data["name"], known_device_keys=known_device_keys(request))
        return Response({"token": raw})


class PasswordChangeView(APIView):
    @extend_schema(request=PasswordChangeIn, responses={204: None, **ERRORS},
                   summary="Change your password (your other API tokens are revoked)",
                   description=(
                       "Other API tokens and sessions are revoked; the token or session making "
                       "the change stays valid. Wrong current passwords (400 `wrong_password`) "
                       "are limited per account and per address (429 `rate_limited`)."))
    def post(self, request: Request) -> Response:
        data = _valid(PasswordChangeIn, request)
        account_services.user_change_password(
            user=request.user, old_password=data["old_password"],
            new_password=data["new_password"], client_ip=client_ip(request),
            keep_token_id=getattr(request.auth, "pk", None))
        if request.auth is None:  # a browser session: it stays logged in, the others end
            update_session_auth_hash(request._request, request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenListView(APIView):
    @extend_schema(responses={200: ApiTokenOut(many=True)}, summary="Your API tokens")
    def get(self, request: Request) -> Response:
        return Response(ApiTokenOut(account_selectors.api_tokens_of(user=request.user), many=True).data)

    @extend_schema(request=ApiTokenIn, responses={201: ApiTokenCreatedOut, 400: ErrorSerializer,
                                                        409: ErrorSerializer},
                   summary="Create an API token (the raw value is shown once)")
    def post(self, request: Request) -> Response:
        data = _valid(ApiTokenIn, request)
        token, raw = account_services.api_token_create(user=request.user, name=data["name"],
                                                       scopes=data.get("scopes"))
        body = {**ApiTokenOut(token).data, "token": raw}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenDetailView(APIView):
    @extend_schema(responses={204: None, 404: ErrorSerializer}, summary="Revoke an API token")
    def delete(self, request: Request, token_id: int) -> Response:
        account_services.api_token_revoke(user=request.user, token_id=token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
