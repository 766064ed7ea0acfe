"""GET /api/v1/bots/: the bot accounts anyone can challenge."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .models import Bot


class BotOut(serializers.Serializer):
    username = serializers.CharField(source="user.username")
    level = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()


class BotListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: BotOut(many=True)}, summary="The bots, weakest first")
    def get(self, request: Request) -> Response:
        bots = Bot.objects.select_related("user").filter(user__is_active=True).order_by("level")
        return Response(BotOut(bots, many=True).data)
