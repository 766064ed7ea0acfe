"""The variants the server plays: GET /api/v1/variants/ (what a form offers, and the
descriptor the board is drawn from)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import refuse_unknown_query_params
from games import selectors

from .serializers import VariantDescribedOut


class VariantListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: VariantDescribedOut(many=True)},
                   summary="The variants this server plays, each with its options, rules page "
                           "and board descriptor")
    def get(self, request: Request) -> Response:
        refuse_unknown_query_params(request.query_params, allowed=())
        return Response(VariantDescribedOut(selectors.variants_described(), many=True).data)
