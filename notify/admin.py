from django.contrib import admin

from .models import MailSettings


@admin.register(MailSettings)
class MailSettingsAdmin(admin.ModelAdmin):
    list_display = ("user", "your_turn", "challenge", "game_over", "clock_warning")
    search_fields = ("user__username",)
