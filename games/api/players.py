"""Players seen by the game side: the signed-in player (/api/v1/accounts/me/) and public
profiles (/api/v1/users/<name>/), both carrying a record of games. Thin: read through selectors,
shape the answer."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors as account_selectors
from core.fields import QueryCharField, StrictInput, refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games import bot_hook, rating_hook, selectors

from .serializers import GameSummaryOut, MeOut, NameSuggestionOut, ProfileOut

RECENT_GAMES = 10  # games shown on a public profile; the archive endpoint pages through all


def _me(user) -> dict:
    return {"id": user.pk, "username": user.username, "email": user.email,
            "date_joined": user.date_joined, "is_bot": bot_hook.is_bot(user),
            "record": selectors.user_record(user=user)}


class MeView(APIView):
    @extend_schema(responses={200: MeOut, 401: ErrorSerializer}, summary="The signed-in user")
    def get(self, request: Request) -> Response:
        return Response(MeOut(_me(request.user)).data)


class ProfileView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: ProfileOut, 404: ErrorSerializer},
                   summary="A player's public profile: record and recent games")
    def get(self, request: Request, username: str) -> Response:
        user = selectors.user_get(username=username)
        recent = selectors.games_archive(player=user.username, size=RECENT_GAMES, count=False).rows
        return Response({
            "username": user.username,
            "date_joined": user.date_joined,
            "is_bot": bot_hook.is_bot(user),
            "bot": bot_hook.bot_profile(user),
            "record": selectors.user_record(user=user),
            **rating_hook.rating_of(user.pk).as_dict(),
            "ratings": rating_hook.ratings_by_variant(user.pk),
            "recent_games": GameSummaryOut(recent, many=True).data,
        })


class NameSearchIn(StrictInput):
    prefix = QueryCharField(min_length=1, max_length=150, help_text=(
        "The start of a name, compared as sign-up compares names (case and width folded)."))


class NameSearchView(APIView):
    """Names starting with a prefix: the archive's player fields suggest them as one types."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=[NameSearchIn],
                   responses={200: NameSuggestionOut(many=True), 400: ErrorSerializer},
                   summary="Players whose name starts with a prefix (at most 10, by name)")
    def get(self, request: Request) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("prefix",))
        query = NameSearchIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        names = account_selectors.usernames_starting(prefix=query.validated_data["prefix"])
        return Response(NameSuggestionOut([{"username": name} for name in names],
                                          many=True).data)
