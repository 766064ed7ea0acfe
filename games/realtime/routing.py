"""Websocket URL patterns; filled in by the live-play work (ws/games/<id>/, ws/notifications/)."""
websocket_urlpatterns: list = []
