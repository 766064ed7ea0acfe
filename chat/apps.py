from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "Game chat"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # chat listens to games (signals) and plugs "chat" into the game socket; games never
        # imports chat.
        from . import receivers

        receivers.connect()
