"""The variants the server plays: GET /api/v1/variants/ (what a form offers, and the
descriptor the board is drawn from), one piece's reach for the rules page's demo, and the
board editor's verdict on a set-up position."""
from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.http import requester_key
from accounts.ratelimit import ratelimit_consume_sliding
from core.serializers import ErrorSerializer
from core.fields import refuse_unknown_query_params
from games import selectors, variants
from games.errors import InvalidInput
from games.models import MAX_FEN_LENGTH

from .serializers import PieceReachOut, PositionSetupOut, VariantDescribedOut


class VariantListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: VariantDescribedOut(many=True)},
                   summary="The variants this server plays, each with its options, rules page "
                           "and board descriptor")
    def get(self, request: Request) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=())
        return Response(VariantDescribedOut(selectors.variants_described(), many=True).data)


class PieceReachView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[OpenApiParameter("piece", str, required=True,
                                                description="A piece letter, upper case White: U."),
                               OpenApiParameter("cell", str, required=True, description="The cell, e.g. Cc3.")],
                   responses={200: PieceReachOut, 400: ErrorSerializer},
                   summary="Where one piece moves and what it attacks from a cell of an empty board")
    def get(self, request: Request, key: str) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("piece", "cell"))
        for name, example in (("piece", "U"), ("cell", "Cc3")):
            if not request.query_params.get(name):
                raise InvalidInput(_("Name the %(name)s: ?%(name)s=%(example)s.")
                                   % {"name": name, "example": example}, code=f"bad_{name}")
        reach = variants.piece_reach(key, request.query_params["piece"], request.query_params["cell"])
        return Response(PieceReachOut(reach).data)


class PositionSetupView(APIView):
    """The board editor asks this as a position is set up; nothing is stored."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=[OpenApiParameter("fen", str, required=True,
                                                description="A position string of the variant.")],
                   responses={200: PositionSetupOut, 400: ErrorSerializer, 429: ErrorSerializer},
                   summary="Whether a set-up position is legal, and a game may start from it, with the reason if not")
    def get(self, request: Request, key: str) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=("fen",))
        fen = request.query_params.get("fen", "")
        if not fen.strip():
            raise InvalidInput(_("Give the position string: ?fen=..."), code="bad_position")
        if len(fen) > MAX_FEN_LENGTH:
            raise InvalidInput(_("A position string is at most %(n)d characters.") % {"n": MAX_FEN_LENGTH},
                               code="bad_position")
        # Each piece put asks again: the analysis board's moves' budget (per user or address).
        ratelimit_consume_sliding(scope="analysis_board", key=requester_key(request))
        return Response(PositionSetupOut(selectors.position_setup(key=key, fen=fen.strip())).data)
