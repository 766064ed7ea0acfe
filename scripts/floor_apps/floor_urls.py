"""Constant answers: what a request costs before the site does anything (scripts/cpu_floor.py)."""
from django.http import HttpResponse
from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView


def plain(request):
    return HttpResponse(b'{"ok": true}', content_type="application/json")


class Drf(APIView):
    def get(self, request):
        return Response({"ok": True, "user": request.user.pk})


urlpatterns = [path("plain/", plain), path("drf/", Drf.as_view())]


async def plain_async(request):
    return HttpResponse(b'{"ok": true}', content_type="application/json")


urlpatterns.append(path("async/", plain_async))
