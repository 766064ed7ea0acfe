"""Routes under /api/v1/ (filled in by the site foundation work)."""
urlpatterns: list = []
