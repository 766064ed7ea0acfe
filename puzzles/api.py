"""The puzzles' REST endpoints (lichess's puzzle shapes): the next puzzle for the player, one
puzzle, and an attempt."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.http import requester_key
from accounts.ratelimit import ratelimit_consume_sliding
from core.fields import refuse_unknown_query_params
from core.serializers import ErrorSerializer
from games.variants import variant_get

from . import selectors, services
from .serializers import AttemptIn, AttemptOut, NextQueryIn, PuzzleOut

ERRORS = {400: ErrorSerializer, 404: ErrorSerializer, 429: ErrorSerializer}


class PuzzleNextView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[NextQueryIn], responses={200: PuzzleOut, **ERRORS},
                   summary="The next puzzle: one the player has not played, near their puzzle "
                           "rating in the game (1500 when logged out)",
                   description="400 `unknown_variant`, `invalid`; 404 `no_puzzle` (every puzzle "
                               "of the game played); 429 `rate_limited` (RATE_LIMITS[\"puzzles\"]).")
    def get(self, request: Request) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("variant",))
        query = NextQueryIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        variant = variant_get(query.validated_data["variant"])
        ratelimit_consume_sliding(scope="puzzles", key=requester_key(request))
        return Response(PuzzleOut(selectors.puzzle_next(user=request.user, variant=variant)).data)


class PuzzleView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PuzzleOut, **ERRORS}, summary="One puzzle by its id",
                   description="404 `not_found`.")
    def get(self, request: Request, public_id: str) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=())
        ratelimit_consume_sliding(scope="puzzles", key=requester_key(request))
        return Response(PuzzleOut(selectors.puzzle_get(public_id=public_id)).data)


class PuzzleAttemptView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=AttemptIn, responses={200: AttemptOut, **ERRORS},
                   summary="An attempt at a puzzle: whether it is solved; a logged-in player's "
                           "first attempt rates the player and the puzzle (Glicko-2)",
                   description="404 `not_found`; 400 `bad_attempt` (an illegal move, the "
                               "opponent's reply changed, moves after a wrong one or past the "
                               "end), `invalid`; 429 `rate_limited`. Nothing is rated on an error.")
    def post(self, request: Request, public_id: str) -> Response:
        data = AttemptIn(data=request.data)
        if not data.is_valid():
            raise ValidationError(data.errors)
        ratelimit_consume_sliding(scope="puzzles", key=requester_key(request))
        answer = services.puzzle_attempt(user=request.user, public_id=public_id,
                                         moves=data.validated_data["moves"],
                                         seconds=data.validated_data["seconds"])
        return Response(AttemptOut(answer).data)
