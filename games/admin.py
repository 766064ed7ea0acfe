"""Admin for every model of the games app. Game state is read-only here: moves and results
change only through `games.services`, so the admin never bypasses the rules."""
from django.contrib import admin

from .models import Challenge, Game, Move, Vacation


class MoveInline(admin.TabularInline):
    model = Move
    fields = ("ply", "coord", "san", "fen_after", "played_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "white", "black", "status", "result", "termination", "ply",
                    "days_per_move", "deadline", "updated_at")
    list_filter = ("status", "result", "termination", "days_per_move")
    search_fields = ("white__username", "black__username")
    readonly_fields = ("white", "black", "status", "result", "termination", "variant",
                       "start_fen", "fen", "turn", "position_keys", "ply", "days_per_move",
                       "deadline", "clock_paused_remaining", "draw_offer", "created_at",
                       "updated_at", "ended_at")
    inlines = [MoveInline]

    def has_add_permission(self, request) -> bool:
        return False  # games start from accepted challenges (games.services)


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("game", "ply", "coord", "san", "played_at")
    search_fields = ("game__id",)
    readonly_fields = ("game", "ply", "coord", "san", "fen_after", "played_at")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ("id", "challenger", "opponent", "color", "days_per_move", "status", "game",
                    "created_at")
    list_filter = ("status", "color")
    search_fields = ("challenger__username", "opponent__username")
    readonly_fields = ("id", "challenger", "opponent", "color", "days_per_move", "status", "game",
                       "created_at", "updated_at")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    # Read-only: starting or ending a vacation pauses or restarts clocks (games.services).
    list_display = ("user", "started_at", "ends_at", "year", "seconds_used")
    search_fields = ("user__username",)
    readonly_fields = ("user", "started_at", "ends_at", "year", "seconds_used")

    def has_add_permission(self, request) -> bool:
        return False  # every field is read-only: "add" saved an empty row (a 500)
