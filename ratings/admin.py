from django.contrib import admin

from .models import Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "rating", "rd", "volatility", "games_rated", "rated_at")
    search_fields = ("user__username",)
    readonly_fields = [f.name for f in Rating._meta.fields]  # changed only by rated games


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "rating_before", "rating_after", "rd_after", "created_at")
    search_fields = ("user__username",)
    readonly_fields = [f.name for f in RatingChange._meta.fields]
