from django.contrib import admin

from .models import MailSettings, OutgoingMail


@admin.register(MailSettings)
class MailSettingsAdmin(admin.ModelAdmin):
    list_display = ("user", "verified_email", "your_turn", "challenge", "game_over",
                    "clock_warning", "tournament", "digest")
    search_fields = ("user__username",)


@admin.register(OutgoingMail)
class OutgoingMailAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "user", "to", "subject", "in_digest", "sent_at")
    list_filter = ("kind", "in_digest")
    search_fields = ("user__username", "to", "key")
    readonly_fields = [f.name for f in OutgoingMail._meta.fields]
