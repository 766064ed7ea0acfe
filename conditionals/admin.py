"""Conditional lines in the admin: read-only (they change through conditionals.services)."""
from django.contrib import admin

from .models import ConditionalLine


@admin.register(ConditionalLine)
class ConditionalLineAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "owner", "ply", "moves", "created_at")
    search_fields = ("owner__username", "game__id")
    readonly_fields = ("game", "owner", "ply", "moves", "created_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
