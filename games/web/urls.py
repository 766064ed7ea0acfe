"""Routes of the HTML pages (filled in by the web interface work)."""
urlpatterns: list = []
