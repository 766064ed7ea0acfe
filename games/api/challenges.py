"""Challenge endpoints."""
from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import user_by_name
from core.serializers import ErrorSerializer
from games import selectors, services
from games.errors import InvalidInput

from .serializers import ChallengeIn, ChallengeListOut, ChallengeOut, GameIdOut

ERRORS = {400: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer,
          409: ErrorSerializer}
# What makes a challenge is also held to the fair-share windows (429 challenges_*_rate).
CREATE_ERRORS = {**ERRORS, 429: ErrorSerializer}


def _out(challenge, request: Request) -> dict:
    return ChallengeOut(challenge, context={"request": request}).data


class ChallengeListView(APIView):
    @extend_schema(responses={200: ChallengeListOut}, operation_id="challenges_list",
                   summary="Your pending challenges, incoming and outgoing")
    def get(self, request: Request) -> Response:
        pending = selectors.challenges_pending_for(user=request.user)
        return Response({key: [_out(c, request) for c in qs] for key, qs in pending.items()})

    @extend_schema(request=ChallengeIn, responses={201: ChallengeOut, **CREATE_ERRORS},
                   summary="Challenge a user, a bot (accepted at once) or anyone (open link)")
    def post(self, request: Request) -> Response:
        serializer = ChallengeIn(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        opponent = None
        if data["opponent"]:
            opponent = user_by_name(username=data["opponent"])
            if opponent is None:
                raise InvalidInput(_("No player named %(name)s.") % {"name": repr(data["opponent"])},
                                   code="unknown_user")
        challenge = services.challenge_create(challenger=request.user, opponent=opponent,
                                              color=data["color"],
                                              days_per_move=data["days_per_move"],
                                              clock_limit=data["clock_limit"],
                                              clock_increment=data["clock_increment"],
                                              rated=data["rated"], public=data["public"],
                                              rating_min=data["rating_min"],
                                              rating_max=data["rating_max"],
                                              variant=data["variant"],
                                              variant_options=data["variant_options"],
                                              fen=data["fen"])
        return Response(_out(challenge, request), status=status.HTTP_201_CREATED)


class ChallengeDetailView(APIView):
    @extend_schema(responses={200: ChallengeOut, 404: ErrorSerializer}, summary="A challenge")
    def get(self, request: Request, challenge_id: str) -> Response:
        challenge = selectors.challenge_get_visible(challenge_id=challenge_id, user=request.user)
        return Response(_out(challenge, request))


class ChallengeAcceptView(APIView):
    @extend_schema(request=None, responses={200: GameIdOut, **ERRORS},
                   summary="Accept a challenge sent to you, or an open challenge")
    def post(self, request: Request, challenge_id: str) -> Response:
        challenge = selectors.challenge_get_visible(challenge_id=challenge_id, user=request.user)
        game = services.challenge_accept(challenge=challenge, user=request.user)
        return Response({"game": game.public_id})


class ChallengeDeclineView(APIView):
    @extend_schema(request=None, responses={200: ChallengeOut, **ERRORS},
                   summary="Decline a challenge sent to you")
    def post(self, request: Request, challenge_id: str) -> Response:
        challenge = selectors.challenge_get_visible(challenge_id=challenge_id, user=request.user)
        challenge = services.challenge_decline(challenge=challenge, user=request.user)
        return Response(_out(challenge, request))


class ChallengeCancelView(APIView):
    @extend_schema(request=None, responses={200: ChallengeOut, **ERRORS},
                   summary="Cancel a challenge you sent")
    def post(self, request: Request, challenge_id: str) -> Response:
        challenge = selectors.challenge_get_visible(challenge_id=challenge_id, user=request.user)
        challenge = services.challenge_cancel(challenge=challenge, user=request.user)
        return Response(_out(challenge, request))


class GameRematchView(APIView):
    @extend_schema(request=None, responses={201: ChallengeOut, **CREATE_ERRORS},
                   summary="After a game, challenge the same opponent with the colours swapped "
                           "(a bot accepts at once)")
    def post(self, request: Request, game_id: str) -> Response:
        challenge = services.game_rematch(game=selectors.game_by_public_id(public_id=game_id),
                                          user=request.user)
        return Response(_out(challenge, request), status=status.HTTP_201_CREATED)
