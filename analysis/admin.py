"""Staff read analyses here; they are written only by analysis.services (a staff re-analysis
is requested from the game's page or the API)."""
from django.contrib import admin

from .models import GameAnalysis


@admin.register(GameAnalysis)
class GameAnalysisAdmin(admin.ModelAdmin):
    list_display = ("game", "status", "requested_by", "requested_at", "progress", "total",
                    "white_accuracy", "black_accuracy")
    list_filter = ("status",)
    search_fields = ("requested_by__username", "game__id")
    list_select_related = ("requested_by", "game")
    readonly_fields = [f.name for f in GameAnalysis._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
