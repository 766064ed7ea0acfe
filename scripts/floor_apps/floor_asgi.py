"""The applications scripts/cpu_floor.py measures (not the site): a bare ASGI app (`hello`) and,
in `application`, a constant Django view, the same as an async view, a DRF view with the site's
authentication, and a Channels websocket echo consumer, behind the site's settings and
middleware. FLOOR_STOCK=1: Django's stock ASGI handler instead of the site's pooled one."""
import os
os.environ["DJANGO_SETTINGS_MODULE"] = "floor_settings"
if os.environ.get("FLOOR_STOCK") == "1":
    from django.core.asgi import get_asgi_application
else:
    from raumschach_site.asgi_threads import get_pooled_asgi_application as get_asgi_application
django_app = get_asgi_application()
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.routing import ProtocolTypeRouter, URLRouter
from django.urls import path


class Echo(AsyncWebsocketConsumer):
    async def connect(self):
        await self.accept()

    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data)


application = ProtocolTypeRouter({"http": django_app,
                                  "websocket": URLRouter([path("echo/", Echo.as_asgi())])})


async def hello(scope, receive, send):
    if scope["type"] == "lifespan":
        return
    if scope["type"] == "http":
        await receive()
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json")]})
        await send({"type": "http.response.body", "body": b'{"ok": true}'})
    elif scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        while True:
            m = await receive()
            if m["type"] != "websocket.receive":
                return
            await send({"type": "websocket.send", "text": m["text"]})
