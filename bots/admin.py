"""Admin for bots: edit a bot's name and description; start a bot-v-bot game from two bots."""
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games.errors import GameError

from . import services
from .models import Bot


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    list_display = ("level", "name", "user", "description")
    search_fields = ("name", "user__username")
    readonly_fields = ("level", "user")  # the engine level and account are fixed by migration
    actions = ["start_game_weaker_white", "start_game_stronger_white"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # one bot per engine level, created by migration

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False  # a bot's games keep their player; disable its user account instead

    def _start(self, request: HttpRequest, queryset: QuerySet[Bot], *, weaker_white: bool):
        bots = sorted(queryset, key=lambda bot: bot.level, reverse=not weaker_white)
        if len(bots) != 2:
            self.message_user(request, _("Select exactly two bots."), messages.ERROR)
            return
        white, black = bots
        try:
            game = services.bot_game_start(white_level=white.level, black_level=black.level,
                                           started_by=request.user)
        except GameError as exc:
            self.message_user(request, exc.detail, messages.ERROR)
            return
        link = reverse("game", args=[game.public_id])  # the public game page: watch it live
        self.message_user(request, format_html(
            'Started <a href="{}">game {}</a>: {} (White) v {} (Black).',
            link, game.pk, white.name, black.name))

    @admin.action(description="Start a game between the two selected bots (weaker plays White)")
    def start_game_weaker_white(self, request: HttpRequest, queryset: QuerySet[Bot]) -> None:
        self._start(request, queryset, weaker_white=True)

    @admin.action(description="Start a game between the two selected bots (stronger plays White)")
    def start_game_stronger_white(self, request: HttpRequest, queryset: QuerySet[Bot]) -> None:
        self._start(request, queryset, weaker_white=False)
