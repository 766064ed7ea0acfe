"""/api/v1/vacation/: your vacation (stops your correspondence clocks). Thin over
games.services.vacation."""
from __future__ import annotations

from django.conf import settings
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.serializers import ErrorSerializer
from games import services
from games.models import Vacation


class VacationOut(serializers.Serializer):
    on_vacation = serializers.BooleanField()
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="When this year's allowance runs out, if you don't end it.")
    seconds_left = serializers.IntegerField(help_text="Of this year's allowance.")
    days_per_year = serializers.IntegerField()


def vacation_out(user) -> dict:
    now = timezone.now()
    vacation = Vacation.objects.filter(user=user, started_at__isnull=False,
                                       ends_at__gt=now).first()
    return {"on_vacation": vacation is not None,
            "started_at": vacation.started_at if vacation else None,
            "ends_at": vacation.ends_at if vacation else None,
            "seconds_left": int(services.vacation_left(user=user, now=now).total_seconds()),
            "days_per_year": settings.VACATION_DAYS_PER_YEAR}


class VacationIn(serializers.Serializer):
    days = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=366,
        help_text="How long; absent or null: as long as this year's allowance lasts.")


class VacationView(APIView):
    @extend_schema(responses={200: VacationOut, 401: ErrorSerializer}, summary="Your vacation")
    def get(self, request: Request) -> Response:
        return Response(VacationOut(vacation_out(request.user)).data)

    @extend_schema(request=VacationIn, responses={201: VacationOut, 400: ErrorSerializer,
                                                  401: ErrorSerializer, 409: ErrorSerializer},
                   summary="Go on vacation: your correspondence clocks stop until you move, "
                           "end it, or the days (of this year's allowance) run out")
    def post(self, request: Request) -> Response:
        data = VacationIn(data=request.data)
        data.is_valid(raise_exception=True)
        services.vacation_start(user=request.user, days=data.validated_data.get("days"))
        return Response(VacationOut(vacation_out(request.user)).data,
                        status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={200: VacationOut, 401: ErrorSerializer},
                   summary="End your vacation: your clocks restart with the time they had left")
    def delete(self, request: Request) -> Response:
        services.vacation_end(user_id=request.user.pk)
        return Response(VacationOut(vacation_out(request.user)).data)
