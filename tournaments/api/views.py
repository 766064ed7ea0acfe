"""REST endpoints of tournaments (thin: services write, selectors read, serializers answer)."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games.variants import variant_get

from .. import selectors, services
from ..state import tournament_state
from .serializers import BotInviteIn, TournamentIn, TournamentListOut, TournamentOut

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer,
          404: ErrorSerializer, 409: ErrorSerializer}


def _detail(tournament_id: str, request: Request) -> dict:
    return tournament_state(tournament_id=tournament_id, user=request.user)


class TournamentListView(APIView):
    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses={200: TournamentListOut, 400: ErrorSerializer, 401: ErrorSerializer},
                   parameters=[OpenApiParameter("variant", str, description="Only this game's.")],
                   operation_id="tournaments_list",
                   summary="Tournaments: upcoming (created), running (started) and finished")
    def get(self, request: Request) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("variant",))
        variant = request.query_params.get("variant")
        if variant is not None:
            variant = variant_get(variant).key  # 400 unknown_variant
        found = selectors.tournaments_by_status(variant=variant)
        data = {status_: [selectors.tournament_summary(t, nb_players=t.nb_players) for t in rows]
                for status_, rows in found.items()}
        return Response(TournamentListOut(data).data)

    @extend_schema(request=TournamentIn, responses={201: TournamentOut, **ERRORS},
                   summary="Create a tournament (correspondence: days_per_move)",
                   description=(
                       "Refused with nothing stored: an unknown system (400 unknown_system; "
                       "arena needs live clocks), an unknown variant (400 unknown_variant), a "
                       "clock or a missing days_per_move (400 invalid_clock), other bad "
                       "settings (400 invalid), too many of your tournaments not over (400 "
                       "too_many_tournaments)."))
    def post(self, request: Request) -> Response:
        serializer = TournamentIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        tournament = services.tournament_create(creator=request.user, **serializer.validated_data)
        return Response(_detail(tournament.pk, request), status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: TournamentOut, 400: ErrorSerializer, 401: ErrorSerializer,
                              404: ErrorSerializer},
                   operation_id="tournaments_retrieve",
                   summary="A tournament: players, pairings, standings, crosstable")
    def get(self, request: Request, tournament_id: str) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=())
        return Response(_detail(tournament_id, request))


class TournamentJoinView(APIView):
    @extend_schema(request=None, responses={200: TournamentOut, **ERRORS},
                   summary="Join a tournament before it starts",
                   description=("409 tournament_started / tournament_finished / tournament_full"
                                " / already_joined; nothing changes."))
    def post(self, request: Request, tournament_id: str) -> Response:
        services.tournament_join(tournament_id=tournament_id, user=request.user)
        return Response(_detail(tournament_id, request))


class TournamentWithdrawView(APIView):
    @extend_schema(request=None, responses={200: TournamentOut, **ERRORS},
                   summary="Withdraw (before the start: leave; after: your running games are "
                           "resigned and you are paired no more)")
    def post(self, request: Request, tournament_id: str) -> Response:
        services.tournament_withdraw(tournament_id=tournament_id, user=request.user)
        return Response(_detail(tournament_id, request))


class TournamentStartView(APIView):
    @extend_schema(request=None, responses={200: TournamentOut, **ERRORS},
                   summary="Start a tournament now (its creator)")
    def post(self, request: Request, tournament_id: str) -> Response:
        services.tournament_start(tournament_id=tournament_id, user=request.user)
        return Response(_detail(tournament_id, request))


class TournamentBotsView(APIView):
    @extend_schema(request=BotInviteIn, responses={200: TournamentOut, **ERRORS},
                   summary="Invite a bot (its creator): one of the site's levels, or a bot "
                           "account by name")
    def post(self, request: Request, tournament_id: str) -> Response:
        selectors.tournament_get(tournament_id=tournament_id)  # 404 before the body's rules
        serializer = BotInviteIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        bot_user = selectors.bot_user_for(level=data["level"], username=data["username"])
        services.tournament_invite_bot(tournament_id=tournament_id, by=request.user,
                                       bot_user=bot_user)
        return Response(_detail(tournament_id, request))
