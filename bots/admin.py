from django.contrib import admin

from .models import Bot


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    list_display = ("level", "name", "user", "description")
    search_fields = ("name", "user__username")
