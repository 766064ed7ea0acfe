"""Staff read and delete chat lines here (moderation); nobody writes lines in the admin."""
from django.contrib import admin

from .models import ChatMessage, ChatMute


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "room", "author", "text", "created_at")
    list_filter = ("room",)
    search_fields = ("author__username", "text", "game__id")
    readonly_fields = ("game", "room", "author", "text", "created_at")
    list_select_related = ("author", "game")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # a line is kept as said or deleted, never edited


@admin.register(ChatMute)
class ChatMuteAdmin(admin.ModelAdmin):
    list_display = ("game", "user", "created_at")
    readonly_fields = ("game", "user", "created_at")

    def has_add_permission(self, request) -> bool:
        return False
