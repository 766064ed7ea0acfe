from django.contrib import admin

from .models import Entrant, Pairing, Tournament


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("id", "name", "system", "variant", "status", "current_round", "created_at")
    list_filter = ("status", "system", "variant")
    readonly_fields = [f.name for f in Tournament._meta.fields]

    def has_add_permission(self, request) -> bool:  # created through the API or the page
        return False


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ("tournament", "user", "seed", "rating", "withdrawn")
    readonly_fields = [f.name for f in Entrant._meta.fields]


@admin.register(Pairing)
class PairingAdmin(admin.ModelAdmin):
    list_display = ("tournament", "round", "white", "black", "result", "forfeit")
    readonly_fields = [f.name for f in Pairing._meta.fields]
