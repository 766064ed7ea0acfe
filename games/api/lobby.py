"""The lobby: open seeks (public challenges to nobody in particular). Posting one is
POST /api/v1/challenges/ with `public: true`; taking one is its accept endpoint."""
from __future__ import annotations

from django.utils.translation import gettext as _

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.serializers import ErrorSerializer
from games import selectors
from games.errors import NotAllowed

from .serializers import SeekFilterIn, SeekOut


class SeekListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[SeekFilterIn], responses={200: SeekOut(many=True),
                                                         400: ErrorSerializer,
                                                         403: ErrorSerializer},
                   summary="The lobby: open seeks, oldest first")
    def get(self, request: Request) -> Response:
        filters = SeekFilterIn(data=request.query_params)
        filters.is_valid(raise_exception=True)
        fits = filters.validated_data["fits_me"]
        if fits and not request.user.is_authenticated:
            raise NotAllowed(_("Log in to see the seeks that fit your rating."),
                             code="not_authenticated")
        seeks = selectors.seeks_open(fits_user=request.user if fits else None,
                                     variant=filters.validated_data.get("variant", ""))
        return Response(SeekOut(seeks, many=True).data)
